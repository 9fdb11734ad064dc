import {
  ZEquipmentDto,
  ZEquipmentInput,
  ZEquipmentUpdate,
  ZId,
  ZServiceEquipmentInput,
} from "@studio/validators";
import { z } from "zod";
import {
  createEquipment,
  deleteEquipment,
  listEquipment,
  setServiceEquipment,
  updateEquipment,
} from "../domain/equipment";
import { adminProcedure, router } from "../trpc";

/** The Hours page's equipment, and what each service's sessions need (every change audited). */
export const equipmentRouter = router({
  list: adminProcedure.output(z.array(ZEquipmentDto)).query(({ ctx }) => listEquipment(ctx)),
  create: adminProcedure
    .input(ZEquipmentInput)
    .output(ZEquipmentDto)
    .mutation(({ ctx, input }) => createEquipment(ctx, input)),
  update: adminProcedure
    .input(ZEquipmentUpdate)
    .output(ZEquipmentDto)
    .mutation(({ ctx, input }) => updateEquipment(ctx, input)),
  delete: adminProcedure.input(ZId).mutation(({ ctx, input }) => deleteEquipment(ctx, input.id)),
  setForService: adminProcedure
    .input(ZServiceEquipmentInput)
    .mutation(({ ctx, input }) => setServiceEquipment(ctx, input)),
});
