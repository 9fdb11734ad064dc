export { type CacheTag, createReadCache, READ_CACHE_TTL_MS, type ReadCache } from "./cache";
export {
  type BusHealth,
  createLocalBus,
  createPostgresBus,
  createRedisBus,
  type EventBus,
} from "./events/bus";
export { type ApiConfig, testConfig } from "./config";
export type { ApiDeps, Context, RequestInfo } from "./context";
export { createContext } from "./create-context";
export {
  createLimiter,
  FORM_LIMIT,
  INVITE_LIMITS,
  type Limiter,
  LOGIN_LIMITS,
} from "./limits/limiter";
export {
  MAX_STREAMS_PER_ADMIN,
  STREAM_SLOT_TTL_MS,
  type StreamSlots,
  streamIdOf,
} from "./limits/stream-slots";
export { AppError, type AppErrorCode, HTTP_STATUS, isDatabaseUnavailable } from "./errors";
export { type AppRouter, appRouter, createCaller } from "./root";
export { createDiskStorage, type UploadStorage } from "./storage/storage";
// S3 storage ("@studio/api/storage/s3", "@studio/api/storage/migrate") is imported only where it is configured:
// the AWS SDK weighs megabytes of heap a server storing on disk should not carry.
export type { S3Storage, S3StorageOptions } from "./storage/s3";
export { fieldErrorsOf } from "./trpc";
export { type CleanupResult, cleanupUploads } from "./domain/uploads/cleanup";
export { proofLink } from "./domain/uploads/proof";
export { getStudioProfile } from "./domain/studio-profile";
export { getCategoryCatalog } from "./domain/category-catalog";
export { issueManageUrl } from "./domain/bookings/manage-links";
export { calendarFeedIcs } from "./domain/calendar-feed";
export { contentDisposition, lookupStoredFile, type StoredFileLookup } from "./domain/uploads/serve";
export {
  LIVE_EVENT_TYPES,
  type LiveEvent,
  type LiveEventType,
  latestLiveEventId,
  createLiveCursor,
  type LiveCursor,
  liveEventsBetween,
  liveStartPosition,
  pruneLiveEvents,
} from "./domain/live";
export type { MailConfig } from "./config";
export { buildCalendar, type CalendarEvent, type CalendarInput } from "./mail/ics";
export { enqueueMail, type MailInput } from "./mail/outbox";
export { pruneMail } from "./mail/retention";
export { notifyBooking, notifyContactReply, type BookingEvent, type NotifyDeps } from "./mail/notify";
export {
  createSmtpTransport,
  type MailTransport,
  type MailWorkerDeps,
  runMailPass,
  startMailWorker,
} from "./mail/worker";
export {
  cancelJobs,
  defineJob,
  enqueueJob,
  jobBacklog,
  jobHandlers,
  type JobHandler,
  type JobWorker,
  PermanentJobError,
  runJobPass,
  startJobWorker,
} from "./jobs";
export { PROCEDURE_SCOPES, scopeOf } from "./domain/api-keys/scopes";
export {
  createResumableUploads,
  type ResumablePurpose,
  type ResumableUploads,
  type ResumableUploadsOptions,
} from "./domain/media/resumable";
export { galleryMediaPurpose } from "./domain/galleries/uploads";
export type { Authenticated } from "./auth/principal";
export {
  enqueueMediaProcessing,
  MEDIA_EVENT_TYPES,
  MEDIA_PROCESS,
  type MediaProcessPayload,
  type MediaVariant,
  mediaJobHandlers,
  variantPrefix,
} from "./domain/media/process";
export { storedZipEntries, streamZip, type ZipEntry, zipResponse } from "./domain/media/zip";
export {
  type KnownZipEntry,
  planZip,
  plannedZipResponse,
  streamZipRange,
  type ZipPlan,
} from "./domain/media/zip-ranges";
export { galleryPreload, galleryZipFiles } from "./domain/galleries/client";
