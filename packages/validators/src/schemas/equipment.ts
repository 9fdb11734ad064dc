/**
 * The studio's equipment booked with its sessions ("Drone kit", "Cinema camera A"): a name and how many exist.
 * A service lists the equipment its sessions need; a booking holds it for its whole held range (holds.ts).
 */
import { z } from "zod";
import { MESSAGES } from "../messages";
import { idField } from "./common";

const m = MESSAGES.equipment;

export const EQUIPMENT_LIMITS = { nameMax: 60, maxCount: 50 } as const;

const count = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,3}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: message }).int(message).min(1, message).max(EQUIPMENT_LIMITS.maxCount, message),
  );

export const ZEquipmentInput = z.object({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(EQUIPMENT_LIMITS.nameMax, m.nameTooLong),
  count: count(m.countInvalid),
});
export type EquipmentInput = z.input<typeof ZEquipmentInput>;

export const ZEquipmentUpdate = ZEquipmentInput.extend({ id: idField() });

export const ZEquipmentDto = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  /** Services whose sessions need it, with how many. */
  services: z.array(z.object({ id: z.number().int(), title: z.string(), quantity: z.number().int() })),
});
export type EquipmentDto = z.output<typeof ZEquipmentDto>;

/** Replaces what a service's sessions need (an empty list: nothing but a crew). */
export const ZServiceEquipmentInput = z.object({
  service_id: idField(),
  equipment: z
    .array(z.object({ equipment_id: idField(), quantity: count(m.quantityInvalid) }))
    .max(20)
    .refine((items) => new Set(items.map((i) => i.equipment_id)).size === items.length, m.listedTwice),
});
export type ServiceEquipmentInput = z.input<typeof ZServiceEquipmentInput>;
