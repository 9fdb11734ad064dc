import { adminsRouter } from "./routers/admins";
import { analyticsRouter } from "./routers/analytics";
import { authRouter } from "./routers/auth";
import { bookingsRouter } from "./routers/bookings";
import { contactRouter } from "./routers/contact";
import { feedbackRouter } from "./routers/feedback";
import { portfolioRouter } from "./routers/portfolio";
import { servicesRouter } from "./routers/services";
import { siteRouter } from "./routers/site";
import { uploadsRouter } from "./routers/uploads";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  admins: adminsRouter,
  site: siteRouter,
  services: servicesRouter,
  portfolio: portfolioRouter,
  bookings: bookingsRouter,
  feedback: feedbackRouter,
  contact: contactRouter,
  uploads: uploadsRouter,
  analytics: analyticsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
