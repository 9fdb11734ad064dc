import { ZCalendarFeedDto, ZCalendarFeedMade } from "@studio/validators";
import { getCalendarFeed, regenerateCalendarFeed } from "../domain/calendar-feed";
import { adminProcedure, router } from "../trpc";

/** The signed-in admin's own calendar subscription link (Bookings page). Regenerating is audited like every admin change. */
export const calendarFeedRouter = router({
  get: adminProcedure
    .output(ZCalendarFeedDto.nullable())
    .query(({ ctx }) => getCalendarFeed(ctx, ctx.user.id)),
  regenerate: adminProcedure
    .output(ZCalendarFeedMade)
    .mutation(({ ctx }) => regenerateCalendarFeed(ctx, ctx.user.id)),
});
