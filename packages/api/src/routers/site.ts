import { todayIn } from "@studio/validators";
import { publicProcedure, router } from "../trpc";

export const siteRouter = router({
  /** Public settings the web app needs: the studio's "today" (booking date minimum) and the map tiles. */
  config: publicProcedure.query(({ ctx }) => ({
    timeZone: ctx.config.timeZone,
    today: todayIn(ctx.config.timeZone, ctx.now()),
    mapTileUrl: ctx.config.mapTileUrl,
  })),
});
