/**
 * The studio's equipment and what each service's sessions need of it (the Hours page). Changing either changes
 * availability, so every write drops the "services" read cache (session facts, holds.ts) on every instance.
 * Bookings already made keep what they hold: lowering a count leaves them where they are, and the units they
 * fill stay full.
 */
import {
  type EquipmentDto,
  MESSAGES,
  type ZEquipmentInput,
  type ZEquipmentUpdate,
  type ZServiceEquipmentInput,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import type { Context } from "../context";
import { AppError, isUniqueViolation } from "../errors";

type EquipmentDeps = Pick<Context, "db" | "cache" | "audit">;

const m = MESSAGES.equipment;
const nameTaken = () => new AppError("CONFLICT", m.nameTaken, { fieldErrors: { name: m.nameTaken } });
const notFound = () => new AppError("NOT_FOUND", m.notFound);

export async function listEquipment(deps: Pick<Context, "db">): Promise<EquipmentDto[]> {
  const rows = await deps.db.equipment.findMany({
    orderBy: { name: "asc" },
    include: { services: { include: { service: { select: { id: true, title: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    count: row.count,
    services: row.services
      .map((s) => ({ id: s.service.id, title: s.service.title, quantity: s.quantity }))
      .sort((a, b) => a.title.localeCompare(b.title)),
  }));
}

async function dtoOf(deps: Pick<Context, "db">, id: number): Promise<EquipmentDto> {
  const found = (await listEquipment(deps)).find((e) => e.id === id);
  if (!found) throw notFound();
  return found;
}

export async function createEquipment(
  deps: EquipmentDeps,
  input: z.output<typeof ZEquipmentInput>,
): Promise<EquipmentDto> {
  try {
    const row = await auditedChange(deps, null, (tx) => tx.equipment.create({ data: input }));
    deps.cache.invalidate("services");
    return dtoOf(deps, row.id);
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw nameTaken();
    throw error;
  }
}

export async function updateEquipment(
  deps: EquipmentDeps,
  input: z.output<typeof ZEquipmentUpdate>,
): Promise<EquipmentDto> {
  try {
    await auditedChange(deps, input.id, async (tx) => {
      const { count } = await tx.equipment.updateMany({
        where: { id: input.id },
        data: { name: input.name, count: input.count },
      });
      if (count === 0) throw notFound();
      // A service may not need more than the studio has.
      const over = await tx.serviceEquipment.findFirst({
        where: { equipmentId: input.id, quantity: { gt: input.count } },
      });
      if (over) {
        const message = m.quantityOverCount(input.name, input.count);
        throw new AppError("BAD_REQUEST", message, { fieldErrors: { count: message } });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, "name")) throw nameTaken();
    throw error;
  }
  deps.cache.invalidate("services");
  return dtoOf(deps, input.id);
}

/** Removes the equipment and every service's need of it; holds of bookings already made stay (harmless). */
export async function deleteEquipment(deps: EquipmentDeps, id: number): Promise<{ id: number }> {
  await auditedChange(
    deps,
    id,
    async (tx) => {
      const { count } = await tx.equipment.deleteMany({ where: { id } });
      if (count === 0) throw notFound();
    },
    { transaction: true },
  );
  deps.cache.invalidate("services");
  return { id };
}

/** Replaces what a service's sessions need. */
export async function setServiceEquipment(
  deps: EquipmentDeps,
  input: z.output<typeof ZServiceEquipmentInput>,
): Promise<{ service_id: number; equipment: { equipment_id: number; quantity: number }[] }> {
  await auditedChange(
    deps,
    input.service_id,
    async (tx) => {
      const service = await tx.service.findUnique({ where: { id: input.service_id }, select: { id: true } });
      if (!service) throw new AppError("NOT_FOUND", MESSAGES.service.notFound);
      const ids = input.equipment.map((e) => e.equipment_id);
      const known = await tx.equipment.findMany({ where: { id: { in: ids } } });
      for (const item of input.equipment) {
        const equipment = known.find((e) => e.id === item.equipment_id);
        if (!equipment)
          throw new AppError("BAD_REQUEST", m.notFound, { fieldErrors: { equipment: m.notFound } });
        if (item.quantity > equipment.count) {
          const message = m.quantityOverCount(equipment.name, equipment.count);
          throw new AppError("BAD_REQUEST", message, { fieldErrors: { equipment: message } });
        }
      }
      await tx.serviceEquipment.deleteMany({ where: { serviceId: input.service_id } });
      await tx.serviceEquipment.createMany({
        data: input.equipment.map((e) => ({
          serviceId: input.service_id,
          equipmentId: e.equipment_id,
          quantity: e.quantity,
        })),
      });
    },
    { transaction: true },
  );
  deps.cache.invalidate("services");
  return { service_id: input.service_id, equipment: input.equipment };
}
