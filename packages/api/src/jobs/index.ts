export {
  cancelJobs,
  type EnqueueOptions,
  enqueueJob,
  JOB_STATUSES,
  type JobBacklog,
  jobBacklog,
  type JobKind,
  type JobStatus,
  pruneJobs,
} from "./queue";
export {
  type AnyJobHandler,
  DEFAULT_JOB_RETRY_DELAYS_MS,
  defineJob,
  type JobContext,
  type JobHandler,
  type JobLogger,
  type JobOutcome,
  type JobPassResult,
  type JobWorker,
  type JobWorkerDeps,
  PermanentJobError,
  runJobPass,
  startJobWorker,
} from "./worker";
export { jobHandlers } from "./handlers";
