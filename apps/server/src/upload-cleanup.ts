/**
 * Runs the clean-up of unattached uploads (older than 24 h; booking proofs 45 minutes), rate-limit counters whose window has ended, live
 * events older than a day and finished mail older than MAIL_RETENTION_DAYS,
 * shortly after start and then every 15 minutes (so a stranger's unattached proof is gone within the hour). Timers are unref'd so they never keep the process alive;
 * SIGTERM/SIGINT stop them before the database closes.
 */
import { type ApiDeps, cleanupUploads, pruneLiveEvents, pruneMail } from "@studio/api";
import type { Logger } from "./logger";

export type CleanupSchedule = { stop: () => void; runNow: () => Promise<void> };

export function startUploadCleanup(
  deps: ApiDeps,
  logger: Logger,
  options: { firstRunMs?: number; intervalMs?: number; stopOnSignals?: boolean } = {},
): CleanupSchedule {
  const { firstRunMs = 60_000, intervalMs = 15 * 60_000, stopOnSignals = true } = options;
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = () => {
    running ??= cleanupUploads(deps)
      .then(async (result) => {
        if (result.removed || result.attached || result.tempFilesRemoved)
          logger.info("upload clean-up", { ...result });
        await deps.limiter.sweepExpired(deps.now());
        await pruneLiveEvents(deps.db, deps.provider);
        const mail = await pruneMail(deps.db, deps.now(), deps.config.mail.retentionDays);
        if (mail) logger.info("old mail pruned", { messages: mail });
      })
      .catch((error: unknown) => {
        logger.warn("upload clean-up failed; will retry", {
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const first = setTimeout(() => {
    if (!stopped) void runNow();
  }, firstRunMs);
  const every = setInterval(() => {
    if (!stopped) void runNow();
  }, intervalMs);
  first.unref();
  every.unref();
  const stop = () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
  };
  if (stopOnSignals) {
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  }
  return { stop, runNow };
}
