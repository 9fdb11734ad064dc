import { todayIn, ZPublicSchedule, ZStudioProfile } from "@studio/validators";
import { getStudioProfile } from "../domain/studio-profile";
import { publicSchedule, scheduleRules } from "../domain/bookings";
import { publicProcedure, router } from "../trpc";

export const siteRouter = router({
  /**
   * Public settings the web app needs: the studio's zone (the Hours page's, else STUDIO_TIMEZONE: every date and
   * time is shown on its clock), its "today" (booking date minimum) and the map tiles.
   */
  config: publicProcedure.query(async ({ ctx }) => {
    const { timeZone } = await scheduleRules(ctx);
    return { timeZone, today: todayIn(timeZone, ctx.now()), mapTileUrl: ctx.config.mapTileUrl };
  }),
  /** The studio's details (name, address, contacts, socials, map position, hours text, logo): every page reads it. */
  profile: publicProcedure.output(ZStudioProfile).query(({ ctx }) => getStudioProfile(ctx)),
  /** The booking rules the booking dialog greys out days and slots with (weekly hours, closures, notice). */
  schedule: publicProcedure.output(ZPublicSchedule).query(({ ctx }) => publicSchedule(ctx)),
});
