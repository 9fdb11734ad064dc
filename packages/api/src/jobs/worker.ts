/**
 * Durable jobs: the running side. Every server instance runs one job worker with the handlers of every kind.
 *
 * - Claiming is the outbox's conditional update (mail/worker.ts): the database re-checks each row's status as it
 *   writes the claim token, so with several instances on one database exactly one worker wins each job.
 * - The winner holds a lease and renews it while the handler runs, so a long job (a video preview) is never
 *   taken over by a live worker; a job whose worker died keeps its lease only until it runs out, then another
 *   instance claims it again. Delivery is therefore at least once: handlers must be idempotent.
 * - A claim that was lost (the lease ran out and another worker took the job) can no longer write an outcome:
 *   every write is conditional on the claim token, and the handler's signal is aborted.
 * - A failure is retried after the handler's delays (about 30 s, growing to hours); a PermanentJobError, a
 *   payload that no longer parses, or the last attempt ends the job as "failed" with the reason.
 */
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import {
  type Db,
  directAccess,
  directRead,
  perTurnBatcher,
  sqlInstant,
  sqlInstantParameter,
} from "@studio/db";
import type { MailLogger } from "../mail/worker";
import { finishClaimedJob, type JobFinish } from "./finish";
import { type JobKind, pruneJobs } from "./queue";

export type JobContext = {
  id: number;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the worker stops or the job's claim is lost: stop and throw. */
  signal: AbortSignal;
};

export type JobHandler<P> = JobKind<P> & {
  // Method syntax on purpose: a handler of a specific payload then fits a registry of handlers of any payload.
  run(payload: P, context: JobContext): Promise<void>;
  /** Jobs of this kind run at once per instance (default 2): CPU-heavy kinds keep it low. */
  concurrency?: number;
  /** How long a claim holds without renewal (default 2 minutes); renewed every third of it while running. */
  leaseMs?: number;
  /** Waits before the 2nd, 3rd, … attempt; the last one repeats (default DEFAULT_JOB_RETRY_DELAYS_MS). */
  retryDelaysMs?: readonly number[];
  /**
   * Work of this kind kept in a table of its own rather than as Job rows (webhook events: one cheap row written
   * with the change). Each round calls it after the kind's due jobs: it takes a few rows (one while the server is
   * busy), runs them in one transaction, and answers how many it took.
   */
  drain?(round: { busy: boolean; logger?: JobLogger }): Promise<number>;
  /**
   * Run hourly by every worker with the finished jobs' pruning (e.g. deleting a capability's own old log rows);
   * answers how many rows it removed.
   */
  housekeeping?(db: Db, now: Date): Promise<number>;
};

/** A handler of any payload, as the worker holds them (each parses its own payload with its schema). */
export type AnyJobHandler = JobHandler<unknown>;

/** Keeps the type of a handler's payload from its schema. */
export function defineJob<P>(handler: JobHandler<P>): JobHandler<P> {
  return handler;
}

/** A failure that retrying cannot fix (a refused request, a file that does not exist): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h: eight attempts over about eight hours. */
export const DEFAULT_JOB_RETRY_DELAYS_MS: readonly number[] = [
  30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000,
];

/** The server's logger, as the background workers use it (the mail worker's, the same two levels). */
export type JobLogger = MailLogger;

export type JobWorkerDeps = {
  db: Db;
  now: () => Date;
  handlers: readonly AnyJobHandler[];
  logger?: JobLogger;
  /** How often an idle kind looks for due jobs (default 1 s). */
  pollMs?: number;
  /** Renewal period of a running job's lease (default a third of the handler's lease). */
  renewEveryMs?: number;
  /** True while the server is busy answering requests: then one job per round and kind, so requests come first. */
  serverBusy?: () => boolean;
  /** Finished jobs are deleted after these many days (default: done 7, failed 30), checked hourly. */
  retention?: { doneDays: number; failedDays: number };
  /** Wait before the first pruning and housekeeping round (default a minute after start). */
  firstPruneAfterMs?: number;
};

type Claimed = { id: number; payload: unknown; attempts: number; maxAttempts: number; claimToken: string };

export type JobOutcome = "done" | "retry" | "failed" | "released" | "lost";
export type JobPassResult = Record<JobOutcome, number> & { claimed: number };

const DEFAULT_LEASE_MS = 120_000;

/**
 * Which of `kinds` have a job to claim now: waiting and due, or running past its lease. One plain statement, a
 * seek of the (kind, status, runAt) index per kind: an idle worker's round costs this one read instead of two
 * Prisma queries per kind (each compiled by Prisma's query compiler on the request thread).
 */
export async function dueJobKinds(db: Db, kinds: readonly string[], now: Date): Promise<Set<string>> {
  if (kinds.length === 0) return new Set();
  const instant = sqlInstantParameter(directAccess(db).provider);
  // The selected numbers are the list's own indexes, never input.
  const text = kinds
    .map(
      (_, i) =>
        `SELECT ${i} AS "i" WHERE EXISTS (SELECT 1 FROM "Job" WHERE "kind" = ? AND "status" = 'pending' AND "runAt" <= ${instant})` +
        ` OR EXISTS (SELECT 1 FROM "Job" WHERE "kind" = ? AND "status" = 'running' AND "leaseUntil" < ${instant})`,
    )
    .join(" UNION ALL ");
  const at = sqlInstant(now);
  const rows = await directRead<{ i: number }>(
    db,
    text,
    kinds.flatMap((kind) => [kind, at, kind, at]),
  );
  return new Set(rows.map((row) => kinds[Number(row.i)] as string));
}

/** Claims up to `take` due jobs of one kind: waiting ones whose time has come, and running ones whose lease ran out. */
async function claimDue(deps: JobWorkerDeps, handler: AnyJobHandler, take: number): Promise<Claimed[]> {
  const now = deps.now();
  // Two lookups on the (kind, status, runAt) index; the stale one is rare and small.
  const [due, stale] = await Promise.all([
    deps.db.job.findMany({
      where: { kind: handler.kind, status: "pending", runAt: { lte: now } },
      orderBy: { runAt: "asc" },
      take,
      select: { id: true },
    }),
    deps.db.job.findMany({
      where: { kind: handler.kind, status: "running", leaseUntil: { lt: now } },
      orderBy: { id: "asc" },
      take,
      select: { id: true },
    }),
  ]);
  const ids = [...stale, ...due].slice(0, take).map((row) => row.id);
  if (ids.length === 0) return [];
  const claimToken = randomUUID();
  const leaseUntil = new Date(now.getTime() + (handler.leaseMs ?? DEFAULT_LEASE_MS));
  const { count } = await deps.db.job.updateMany({
    where: {
      id: { in: ids },
      OR: [
        { status: "pending", runAt: { lte: now } },
        { status: "running", leaseUntil: { lt: now } },
      ],
    },
    data: { status: "running", claimToken, leaseUntil, attempts: { increment: 1 } },
  });
  if (count === 0) return [];
  const rows = await deps.db.job.findMany({
    where: { id: { in: ids }, claimToken },
    orderBy: { id: "asc" },
    select: { id: true, payload: true, attempts: true, maxAttempts: true },
  });
  return rows.map((row) => ({ ...row, claimToken }));
}

function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000) || "Unknown error";
}

/** Runs one claimed job to its outcome; every write is conditional on still holding the claim. */
async function runClaimed(
  deps: JobWorkerDeps,
  handler: AnyJobHandler,
  job: Claimed,
  stopping: AbortSignal,
): Promise<JobOutcome> {
  const mine = { id: job.id, claimToken: job.claimToken };
  const finish = (outcome: JobFinish): Promise<boolean> =>
    finishClaimedJob(deps.db, mine, outcome, deps.now());
  const fail = async (reason: string): Promise<JobOutcome> => {
    deps.logger?.warn("job failed", { id: job.id, kind: handler.kind, attempts: job.attempts, reason });
    return (await finish({ status: "failed", lastError: reason, finishedAt: deps.now() }))
      ? "failed"
      : "lost";
  };
  // A job that brought its workers down again and again (claimed, never finished) is not run once more.
  if (job.attempts > job.maxAttempts) return fail("The job stopped its worker on every attempt");
  const parsed = handler.payload.safeParse(job.payload);
  if (!parsed.success) return fail(`The job's payload is not valid: ${parsed.error.message}`);
  /** Shutting down is not the job's failure: it goes back at once, this attempt not counted. */
  const handBack = async (): Promise<JobOutcome> =>
    (await finish({ status: "pending", runAt: deps.now(), attemptsDelta: -1 })) ? "released" : "lost";
  // The worker began stopping while this job was being claimed: its abort has fired already and would never
  // reach the handler, which could then run on past the stop (or wait for it forever). It is not started.
  if (stopping.aborted) return handBack();

  const claim = new AbortController();
  const onStop = () => claim.abort(stopping.reason);
  stopping.addEventListener("abort", onStop, { once: true });
  const leaseMs = handler.leaseMs ?? DEFAULT_LEASE_MS;
  const renew = setInterval(
    () => {
      deps.db.job
        .updateMany({ where: mine, data: { leaseUntil: new Date(deps.now().getTime() + leaseMs) } })
        .then(({ count }) => {
          if (count === 0) claim.abort(new Error("The job's claim was lost"));
        })
        .catch(() => undefined); // a database hiccup: the next renewal tries again
    },
    deps.renewEveryMs ?? Math.max(10, Math.floor(leaseMs / 3)),
  );
  try {
    await handler.run(parsed.data, { id: job.id, attempt: job.attempts, signal: claim.signal });
  } catch (error) {
    if (stopping.aborted && !(error instanceof PermanentJobError)) return handBack();
    const reason = reasonOf(error);
    if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) return fail(reason);
    const delays = handler.retryDelaysMs ?? DEFAULT_JOB_RETRY_DELAYS_MS;
    const delay = delays[Math.min(job.attempts - 1, delays.length - 1)] ?? 0;
    return (await finish({
      status: "pending",
      lastError: reason,
      runAt: new Date(deps.now().getTime() + delay),
    }))
      ? "retry"
      : "lost";
  } finally {
    clearInterval(renew);
    stopping.removeEventListener("abort", onStop);
  }
  return (await finish({ status: "done", lastError: null, finishedAt: deps.now() })) ? "done" : "lost";
}

/**
 * One round for one kind: claim what is due and run it, then the kind's drain. Exported for tests and tools; the
 * worker loops over it, with `claim: false` when dueJobKinds found nothing of the kind to claim.
 */
export async function runJobPass(
  deps: JobWorkerDeps,
  handler: AnyJobHandler,
  stopping: AbortSignal = new AbortController().signal,
  { claim = true }: { claim?: boolean } = {},
): Promise<JobPassResult> {
  const result: JobPassResult = { claimed: 0, done: 0, retry: 0, failed: 0, released: 0, lost: 0 };
  const concurrency = Math.max(1, handler.concurrency ?? 2);
  const busy = deps.serverBusy?.() ?? false;
  const claimed = claim ? await claimDue(deps, handler, busy ? 1 : concurrency) : [];
  result.claimed = claimed.length;
  await Promise.all(
    claimed.map(async (job) => {
      result[await runClaimed(deps, handler, job, stopping)]++;
    }),
  );
  if (handler.drain && !stopping.aborted) {
    const drained = await handler.drain({ busy, logger: deps.logger });
    result.claimed += drained;
    result.done += drained;
  }
  return result;
}

export type JobWorker = {
  /** Looks for due jobs now instead of at the next poll (after enqueueing in this process). */
  wake: () => void;
  /** Stops claiming, asks running jobs to stop (they go back to waiting), and waits for them. */
  stop: () => Promise<void>;
};

const HOUR_MS = 3_600_000;

/** Starts one loop per kind. A database outage never stops a loop: the round is logged and tried again. */
export function startJobWorker(deps: JobWorkerDeps): JobWorker {
  const pollMs = deps.pollMs ?? 1_000;
  const stopping = new AbortController();
  // Every running job listens for the stop (a kind may run dozens at once: webhook deliveries).
  setMaxListeners(0, stopping.signal);
  const sleepers = new Set<() => void>();
  /** Until the time is up, or wake() (when `wakeable`), or stop(). */
  const sleep = (ms: number, wakeable = true) =>
    new Promise<void>((resolve) => {
      // A stop that came during the round before (the pruning round awaits its writes) has fired already.
      if (stopping.signal.aborted) return resolve();
      const wakeUp = () => {
        clearTimeout(timer);
        sleepers.delete(wakeUp);
        stopping.signal.removeEventListener("abort", wakeUp);
        resolve();
      };
      const timer = setTimeout(wakeUp, ms);
      if (wakeable) sleepers.add(wakeUp);
      stopping.signal.addEventListener("abort", wakeUp, { once: true });
    });
  // The kinds' loops mostly wake together (one poll interval): the ones asking in the same turn share one read.
  const isDue = perTurnBatcher(async (asked: readonly string[]) => {
    const due = await dueJobKinds(deps.db, [...new Set(asked)], deps.now());
    return asked.map((kind) => due.has(kind));
  });
  const loops = deps.handlers.map(async (handler) => {
    while (!stopping.signal.aborted) {
      let full = false;
      try {
        const claim = await isDue(handler.kind);
        const round =
          claim || handler.drain
            ? await runJobPass(deps, handler, stopping.signal, { claim })
            : { claimed: 0 };
        // A full round may have left more behind: go on at once, unless requests need the CPU.
        full = round.claimed >= Math.max(1, handler.concurrency ?? 2) && !deps.serverBusy?.();
      } catch (error) {
        deps.logger?.warn("job worker round failed; trying again", {
          kind: handler.kind,
          error: reasonOf(error),
        });
      }
      if (!stopping.signal.aborted && !full) await sleep(pollMs);
    }
  });
  const retention = deps.retention ?? { doneDays: 7, failedDays: 30 };
  const pruning = (async () => {
    await sleep(deps.firstPruneAfterMs ?? 60_000, false);
    while (!stopping.signal.aborted) {
      await pruneJobs(deps.db, deps.now(), retention).catch((error: unknown) =>
        deps.logger?.warn("pruning finished jobs failed", { error: reasonOf(error) }),
      );
      for (const handler of deps.handlers) {
        await handler
          .housekeeping?.(deps.db, deps.now())
          .catch((error: unknown) =>
            deps.logger?.warn("job housekeeping failed", { kind: handler.kind, error: reasonOf(error) }),
          );
      }
      await sleep(HOUR_MS, false);
    }
  })();
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  return {
    wake: wakeAll,
    stop: async () => {
      stopping.abort(new Error("The server is shutting down"));
      await Promise.all([...loops, pruning]);
    },
  };
}
