import { ZCalendarFeedDto, ZCalendarFeedMade } from "@studio/validators";
import { getCalendarFeed, regenerateCalendarFeed } from "../domain/calendar-feed";
import { adminProcedure, router } from "../trpc";

/** The owner's calendar subscription link (Bookings page). Regenerating is audited like every admin change. */
export const calendarFeedRouter = router({
  get: adminProcedure.output(ZCalendarFeedDto.nullable()).query(({ ctx }) => getCalendarFeed(ctx)),
  regenerate: adminProcedure
    .output(ZCalendarFeedMade)
    .mutation(({ ctx }) => regenerateCalendarFeed(ctx, ctx.user.id)),
});
