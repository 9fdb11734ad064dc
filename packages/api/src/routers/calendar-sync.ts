import { ZCalendarConnectInput, ZCalendarSyncResult, ZCalendarSyncStatus } from "@studio/validators";
import {
  calendarSyncStatus,
  connectCalendar,
  disconnectCalendar,
  syncCalendarNow,
} from "../domain/calendar-sync";
import { ownerProcedure, router } from "../trpc";

/** The Hours page's "Calendar sync" (owner only; connecting and disconnecting are in the audit trail). */
export const calendarSyncRouter = router({
  status: ownerProcedure.output(ZCalendarSyncStatus).query(({ ctx }) => calendarSyncStatus(ctx)),
  connect: ownerProcedure
    .input(ZCalendarConnectInput)
    .output(ZCalendarSyncResult)
    .mutation(({ ctx, input }) => connectCalendar(ctx, input)),
  disconnect: ownerProcedure.output(ZCalendarSyncResult).mutation(({ ctx }) => disconnectCalendar(ctx)),
  syncNow: ownerProcedure.output(ZCalendarSyncResult).mutation(({ ctx }) => syncCalendarNow(ctx)),
});
