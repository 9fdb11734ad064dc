import { ZClosureDto, ZClosureId, ZClosureInput, ZScheduleDto, ZScheduleUpdate } from "@studio/validators";
import { addClosure, getSchedule, removeClosure, updateSchedule } from "../domain/bookings";
import { adminProcedure, router } from "../trpc";

/** The back office's Hours page. Every change goes through adminProcedure, so each leaves its audit entry. */
export const scheduleRouter = router({
  get: adminProcedure.output(ZScheduleDto).query(({ ctx }) => getSchedule(ctx)),
  update: adminProcedure
    .input(ZScheduleUpdate)
    .output(ZScheduleDto)
    .mutation(({ ctx, input }) => updateSchedule(ctx, input)),
  addClosure: adminProcedure
    .input(ZClosureInput)
    .output(ZClosureDto)
    .mutation(({ ctx, input }) => addClosure(ctx, input)),
  removeClosure: adminProcedure.input(ZClosureId).mutation(({ ctx, input }) => removeClosure(ctx, input.id)),
});
