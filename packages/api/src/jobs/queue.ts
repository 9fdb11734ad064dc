/**
 * Durable jobs: the writing side. enqueueJob writes one Job row with the caller's client: pass the transaction
 * that makes the change the job is about, so the job exists exactly when the change does (ADR 013). Nothing
 * runs here: the worker of some instance (worker.ts) claims and runs it.
 */
import type { Db } from "@studio/db";
import type { z } from "zod";
import type { Tx } from "../domain/uploads/proof";

export const JOB_STATUSES = ["pending", "running", "done", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a job does, with the schema its payload is written and read with. */
export type JobKind<P> = { kind: string; payload: z.ZodType<P> };

export type EnqueueOptions = {
  /** Not before this time (default: at once). */
  runAt?: Date;
  /** Groups the job with others about the same thing ("booking:12"), for dedupe and cancelJobs. */
  key?: string;
  /** With a key: write nothing when a job of this kind and key is still waiting (it will see the latest state). */
  dedupe?: boolean;
  /** Attempts before the job is "failed" (default 8). */
  maxAttempts?: number;
};

/**
 * Writes a job. The payload is checked against the kind's schema here, so a job that could never run is refused
 * while its cause can still be rolled back. Answers the job's id (the waiting job's, when deduplicated).
 */
export async function enqueueJob<P>(
  db: Db | Tx,
  job: JobKind<P>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<number> {
  const checked = job.payload.parse(payload);
  if (options.key !== undefined && options.dedupe) {
    const waiting = await db.job.findFirst({
      where: { kind: job.kind, key: options.key, status: "pending" },
      select: { id: true },
    });
    if (waiting) return waiting.id;
  }
  const row = await db.job.create({
    data: {
      kind: job.kind,
      payload: checked as object,
      key: options.key ?? null,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    },
    select: { id: true },
  });
  return row.id;
}

/** A job as a row for a plain-SQL write (the new booking's statement, ADR 011), due at `runAt`. */
export type DirectJobRow = { kind: string; payload: string; key: string | null; runAt: Date };

/**
 * The row enqueueJob would write, for a caller that writes its change in plain SQL. The payload's type is checked
 * at compile time only (the hot path of a new booking); the worker still parses it when the job is claimed.
 */
export function directJobRow<P>(
  job: JobKind<P>,
  payload: P,
  runAt: Date,
  key: string | null = null,
): DirectJobRow {
  return { kind: job.kind, payload: JSON.stringify(payload), key, runAt };
}

/** Ends every waiting job of a kind and key (a running one finishes; its handler must read the current state). */
export async function cancelJobs(db: Db | Tx, kind: string, key: string): Promise<number> {
  const { count } = await db.job.updateMany({
    where: { kind, key, status: "pending" },
    data: { status: "cancelled", finishedAt: new Date() },
  });
  return count;
}

export type JobBacklog = {
  kind: string;
  /** Waiting or running jobs. */
  waiting: number;
  /** Seconds since the oldest waiting job was due (0 when none is overdue). */
  oldestDueSeconds: number;
  failed: number;
};

/** Per kind: how many jobs wait, how late the oldest is, how many failed for good (metrics, health). */
export async function jobBacklog(db: Db, now: Date): Promise<JobBacklog[]> {
  const [waiting, failed] = await Promise.all([
    db.job.groupBy({
      by: ["kind"],
      where: { status: { in: ["pending", "running"] } },
      _count: { _all: true },
      _min: { runAt: true },
    }),
    db.job.groupBy({ by: ["kind"], where: { status: "failed" }, _count: { _all: true } }),
  ]);
  const kinds = new Set([...waiting.map((w) => w.kind), ...failed.map((f) => f.kind)]);
  return [...kinds].sort().map((kind) => {
    const w = waiting.find((row) => row.kind === kind);
    const oldest = w?._min.runAt?.getTime();
    return {
      kind,
      waiting: w?._count._all ?? 0,
      oldestDueSeconds: oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
      failed: failed.find((row) => row.kind === kind)?._count._all ?? 0,
    };
  });
}

/**
 * Deletes finished jobs older than the given ages, a batch at a time so the table's lock is never held long.
 * Failed jobs are kept longer than done ones: they are what an operator looks at.
 */
export async function pruneJobs(
  db: Db,
  now: Date,
  keep: { doneDays: number; failedDays: number },
  batch = 500,
): Promise<number> {
  let removed = 0;
  for (const [statuses, days] of [
    [["done", "cancelled"], keep.doneDays],
    [["failed"], keep.failedDays],
  ] as const) {
    const before = new Date(now.getTime() - days * 86_400_000);
    for (;;) {
      const ids = await db.job.findMany({
        where: { status: { in: [...statuses] }, finishedAt: { lt: before } },
        select: { id: true },
        take: batch,
      });
      if (ids.length === 0) break;
      const { count } = await db.job.deleteMany({ where: { id: { in: ids.map((r) => r.id) } } });
      removed += count;
      if (ids.length < batch) break;
    }
  }
  return removed;
}
