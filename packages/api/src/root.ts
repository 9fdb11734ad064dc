import { adminsRouter } from "./routers/admins";
import { analyticsRouter } from "./routers/analytics";
import { apiKeysRouter } from "./routers/api-keys";
import { authRouter } from "./routers/auth";
import { bookingsRouter } from "./routers/bookings";
import { calendarFeedRouter } from "./routers/calendar-feed";
import { calendarSyncRouter } from "./routers/calendar-sync";
import { contactRouter } from "./routers/contact";
import { equipmentRouter } from "./routers/equipment";
import { feedbackRouter } from "./routers/feedback";
import { galleriesRouter, galleryViewRouter } from "./routers/galleries";
import { mailRouter } from "./routers/mail";
import { manageRouter } from "./routers/manage";
import { portfolioRouter } from "./routers/portfolio";
import { scheduleRouter } from "./routers/schedule";
import { servicesRouter } from "./routers/services";
import { siteRouter } from "./routers/site";
import { studioRouter } from "./routers/studio";
import { uploadsRouter } from "./routers/uploads";
import { webhooksRouter } from "./routers/webhooks";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  admins: adminsRouter,
  site: siteRouter,
  studio: studioRouter,
  services: servicesRouter,
  portfolio: portfolioRouter,
  bookings: bookingsRouter,
  schedule: scheduleRouter,
  equipment: equipmentRouter,
  feedback: feedbackRouter,
  contact: contactRouter,
  uploads: uploadsRouter,
  analytics: analyticsRouter,
  mail: mailRouter,
  manage: manageRouter,
  calendarFeed: calendarFeedRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  galleries: galleriesRouter,
  galleryView: galleryViewRouter,
  calendarSync: calendarSyncRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
