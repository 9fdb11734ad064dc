import { ZAnalyticsInput } from "@studio/validators";
import { analyticsOverview } from "../domain/analytics";
import { adminProcedure, router } from "../trpc";

export const analyticsRouter = router({
  /** Bookings, revenue and feedback figures for the back office, computed with aggregate queries. */
  overview: adminProcedure.input(ZAnalyticsInput).query(({ ctx, input }) => analyticsOverview(ctx, input)),
});
