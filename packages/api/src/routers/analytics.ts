import { router } from "../trpc";

export const analyticsRouter = router({});
