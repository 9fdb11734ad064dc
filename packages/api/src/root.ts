import { authRouter } from "./routers/auth";
import { siteRouter } from "./routers/site";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
