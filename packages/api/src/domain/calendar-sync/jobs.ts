/**
 * The durable jobs of calendar sync (ADR 013): "calendar.push" (push.ts), one per changed booking, and
 * "calendar.pull", the periodic read of busy time. A pull queues the next one (every CALDAV_PULL_MINUTES) for as
 * long as a calendar is connected; its failures are noted on the connection, not retried by the worker (the next
 * pull is the retry). Disconnecting cancels the waiting pull, ending the chain.
 */
import { z } from "zod";
import type { ApiDeps } from "../../context";
import { enqueueJob } from "../../jobs/queue";
import { type AnyJobHandler, defineJob } from "../../jobs/worker";
import { calendarPushHandler } from "./push";
import { CONNECTION_ID, pullBusyTime } from "./sync";

export const CALENDAR_PULL = { kind: "calendar.pull", payload: z.object({}) };
export const PULL_JOB_KEY = "calendar-pull";

export function calendarSyncJobHandlers(
  deps: Pick<ApiDeps, "db" | "now" | "cache" | "config">,
): AnyJobHandler[] {
  const pull = defineJob({
    ...CALENDAR_PULL,
    concurrency: 1,
    run: async (_payload, { signal }) => {
      const connected = await deps.db.calendarConnection.count({ where: { id: CONNECTION_ID } });
      if (connected === 0) return;
      await pullBusyTime(deps, signal);
      await enqueueJob(
        deps.db,
        CALENDAR_PULL,
        {},
        {
          key: PULL_JOB_KEY,
          dedupe: true,
          runAt: new Date(deps.now().getTime() + deps.config.calendarSync.pullEveryMs),
        },
      );
    },
  });
  return [pull, calendarPushHandler(deps)] as AnyJobHandler[];
}
