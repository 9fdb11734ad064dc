/**
 * Durable jobs on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): written with the change that
 * causes them, run once by one of several racing workers, retried, resumed after a crash, never finished twice.
 */
import { observeQueries } from "@studio/db";
import { createTestDatabase, type TestDatabase } from "@studio/db/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { cancelJobs, enqueueJob, jobBacklog, pruneJobs } from "./queue";
import {
  type AnyJobHandler,
  defineJob,
  dueJobKinds,
  type JobHandler,
  type JobWorkerDeps,
  PermanentJobError,
  runJobPass,
  startJobWorker,
} from "./worker";

let database: TestDatabase;
let now: Date;
const T0 = new Date("2031-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

const echo = { kind: "test.echo", payload: z.object({ n: z.number().int() }) };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});
beforeEach(async () => {
  now = T0;
  await database.prisma.job.deleteMany({});
});

function deps(handlers: AnyJobHandler[], overrides: Partial<JobWorkerDeps> = {}): JobWorkerDeps {
  return { db: database.prisma, now: () => now, handlers, pollMs: 10, ...overrides };
}

/** A handler that records every run and answers with what `behave` does for that run. */
function recorder(
  behave: (n: number, runIndex: number) => Promise<void> = async () => undefined,
  options: Partial<JobHandler<{ n: number }>> = {},
) {
  const runs: number[] = [];
  const handler = defineJob({
    ...echo,
    retryDelaysMs: [1_000, 5_000],
    ...options,
    run: async ({ n }) => {
      runs.push(n);
      await behave(n, runs.length);
    },
  });
  return { handler, runs };
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A handler that runs until its job is stopped (the worker stopping, or the claim lost). */
const stoppable = defineJob({
  ...echo,
  run: (_payload, { signal }) =>
    new Promise<void>((_resolve, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
});

const statusOf = async (id: number) =>
  (await database.prisma.job.findUniqueOrThrow({ where: { id } })).status;

describe("enqueueing", () => {
  it("exists exactly when the change that caused it is committed", async () => {
    await expect(
      database.prisma.$transaction(async (tx) => {
        await enqueueJob(tx, echo, { n: 1 });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    const kept = await database.prisma.$transaction((tx) => enqueueJob(tx, echo, { n: 2 }));
    const rows = await database.prisma.job.findMany();
    expect(rows.map((r) => [r.id, r.payload, r.status])).toEqual([[kept, { n: 2 }, "pending"]]);
  });

  it("refuses a payload its kind cannot run", async () => {
    await expect(enqueueJob(database.prisma, echo, { n: 1.5 })).rejects.toThrow();
    expect(await database.prisma.job.count()).toBe(0);
  });

  it("with dedupe, writes nothing while a job of the same key waits; cancel ends the waiting ones", async () => {
    const a = await enqueueJob(database.prisma, echo, { n: 1 }, { key: "booking:7", dedupe: true });
    const b = await enqueueJob(database.prisma, echo, { n: 2 }, { key: "booking:7", dedupe: true });
    const other = await enqueueJob(database.prisma, echo, { n: 3 }, { key: "booking:8", dedupe: true });
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect(await cancelJobs(database.prisma, echo.kind, "booking:7")).toBe(1);
    expect(await statusOf(a)).toBe("cancelled");
    expect(await statusOf(other)).toBe("pending");
    // A cancelled key takes a new job again.
    const c = await enqueueJob(database.prisma, echo, { n: 4 }, { key: "booking:7", dedupe: true });
    expect(c).not.toBe(a);
  });
});

describe("running", () => {
  it("runs each of 60 jobs exactly once while three workers race for them", async () => {
    for (let n = 0; n < 60; n++) await enqueueJob(database.prisma, echo, { n });
    const { handler, runs } = recorder(() => new Promise((resolve) => setImmediate(resolve)), {
      concurrency: 4,
    });
    const workers = [0, 1, 2].map(() => startJobWorker(deps([handler])));
    await waitFor(
      async () => (await database.prisma.job.count({ where: { status: "done" } })) === 60,
      "60 done",
    );
    await Promise.all(workers.map((w) => w.stop()));
    expect([...runs].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    const attempts = await database.prisma.job.findMany({ select: { attempts: true } });
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  });

  it("does not run a job before its time", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 1 }, { runAt: at(60_000) });
    const { handler, runs } = recorder();
    expect((await runJobPass(deps([handler]), handler)).claimed).toBe(0);
    now = at(60_000);
    expect((await runJobPass(deps([handler]), handler)).done).toBe(1);
    expect(runs).toEqual([1]);
    expect(await statusOf(id)).toBe("done");
  });

  it("retries a failure after the handler's delays, then succeeds", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 5 });
    const { handler, runs } = recorder(async (_n, run) => {
      if (run < 3) throw new Error(`receiver answered 503 (run ${run})`);
    });
    const d = deps([handler]);
    expect((await runJobPass(d, handler)).retry).toBe(1);
    let row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.attempts, row.lastError, row.runAt.getTime()]).toEqual([
      "pending",
      1,
      "receiver answered 503 (run 1)",
      at(1_000).getTime(),
    ]);
    now = at(999);
    expect((await runJobPass(d, handler)).claimed).toBe(0);
    now = at(1_000);
    expect((await runJobPass(d, handler)).retry).toBe(1);
    row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect(row.runAt.getTime()).toBe(at(6_000).getTime());
    now = at(6_000);
    expect((await runJobPass(d, handler)).done).toBe(1);
    row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.attempts, row.lastError, row.finishedAt?.getTime()]).toEqual([
      "done",
      3,
      null,
      at(6_000).getTime(),
    ]);
    expect(runs).toEqual([5, 5, 5]);
  });

  it("fails at once on a permanent error, and after the last attempt on any other", async () => {
    const permanent = await enqueueJob(database.prisma, echo, { n: 1 });
    const { handler } = recorder(async (n) => {
      if (n === 1) throw new PermanentJobError("The address answered 410 Gone");
      throw new Error("timed out");
    });
    const d = deps([handler]);
    await runJobPass(d, handler);
    const row = await database.prisma.job.findUniqueOrThrow({ where: { id: permanent } });
    expect([row.status, row.lastError, row.attempts]).toEqual(["failed", "The address answered 410 Gone", 1]);

    const limited = await enqueueJob(database.prisma, echo, { n: 2 }, { maxAttempts: 2 });
    await runJobPass(d, handler);
    now = at(1_000);
    expect((await runJobPass(d, handler)).failed).toBe(1);
    const last = await database.prisma.job.findUniqueOrThrow({ where: { id: limited } });
    expect([last.status, last.attempts, last.lastError]).toEqual(["failed", 2, "timed out"]);
  });

  it("fails a job whose stored payload no longer parses, without running it", async () => {
    const row = await database.prisma.job.create({ data: { kind: echo.kind, payload: { n: "seven" } } });
    const { handler, runs } = recorder();
    expect((await runJobPass(deps([handler]), handler)).failed).toBe(1);
    const failed = await database.prisma.job.findUniqueOrThrow({ where: { id: row.id } });
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toMatch(/^The job's payload is not valid/);
    expect(runs).toEqual([]);
  });
});

describe("finding due work", () => {
  it("names the kinds with a job to claim now: waiting and due, or running past its lease", async () => {
    const kind = (name: string) => ({ ...echo, kind: `test.${name}` });
    await enqueueJob(database.prisma, kind("due"), { n: 1 }, { runAt: at(-1_000) });
    await enqueueJob(database.prisma, kind("due-now"), { n: 1 }, { runAt: at(0) });
    await enqueueJob(database.prisma, kind("later"), { n: 1 }, { runAt: at(1_000) });
    const job = (name: string, data: { status: string; leaseUntil?: Date }) =>
      database.prisma.job.create({
        data: { kind: `test.${name}`, payload: { n: 1 }, runAt: at(-60_000), ...data },
      });
    await job("stale", { status: "running", leaseUntil: at(-1) });
    await job("leased", { status: "running", leaseUntil: at(60_000) });
    await job("done", { status: "done" });
    await job("failed", { status: "failed" });
    const names = ["due", "due-now", "later", "stale", "leased", "done", "failed", "none"];
    const due = await dueJobKinds(
      database.prisma,
      names.map((name) => `test.${name}`),
      now,
    );
    expect([...due].sort()).toEqual(["test.due", "test.due-now", "test.stale"]);
    expect(await dueJobKinds(database.prisma, [], now)).toEqual(new Set());
  });

  it("an idle worker's round is one read for all its kinds, not two queries per kind", async () => {
    const handlers = ["a", "b", "c", "d", "e", "f"].map(
      (name) => recorder(undefined, { kind: `test.idle-${name}` }).handler,
    );
    let statements = 0;
    observeQueries(() => {
      statements += 1;
    });
    try {
      // Every kind's first round starts at once; the next would come only after a minute.
      const worker = startJobWorker(deps(handlers, { pollMs: 60_000 }));
      await waitFor(async () => statements > 0, "the first round's read");
      await worker.stop();
    } finally {
      observeQueries(null);
    }
    expect(statements).toBe(1);
  });

  it("an idle worker still runs a job of any kind enqueued meanwhile, at the next round", async () => {
    const quiet = recorder(undefined, { kind: "test.quiet" });
    const busy = recorder(undefined, { kind: "test.busy" });
    const worker = startJobWorker(deps([quiet.handler, busy.handler]));
    try {
      await enqueueJob(database.prisma, { ...echo, kind: "test.busy" }, { n: 7 });
      await waitFor(async () => busy.runs.length === 1, "the busy kind's job");
    } finally {
      await worker.stop();
    }
    expect(busy.runs).toEqual([7]);
    expect(quiet.runs).toEqual([]);
  });
});

describe("crashes and leases", () => {
  it("resumes a job whose worker died once its lease runs out, and the dead claim cannot finish it", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 9 });
    // Worker A claims the job and "dies": its handler never returns.
    let releaseA: () => void = () => undefined;
    const a = recorder(() => new Promise<void>((resolve) => (releaseA = resolve)), { leaseMs: 60_000 });
    const passA = runJobPass(deps([a.handler], { renewEveryMs: 3_600_000 }), a.handler);
    await waitFor(async () => (await statusOf(id)) === "running", "A's claim");
    const b = recorder(async () => undefined, { leaseMs: 60_000 });
    expect((await runJobPass(deps([b.handler]), b.handler)).claimed).toBe(0); // A's lease holds
    now = at(60_001);
    expect((await runJobPass(deps([b.handler]), b.handler)).done).toBe(1);
    releaseA(); // A comes back to life and tries to record its outcome
    expect((await passA).lost).toBe(1);
    const row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.attempts]).toEqual(["done", 2]);
    expect(b.runs).toEqual([9]);
  });

  it("renews the lease of a long job, so another worker never takes it over", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 3 });
    let release: () => void = () => undefined;
    const long = recorder(() => new Promise<void>((resolve) => (release = resolve)), { leaseMs: 1_000 });
    const pass = runJobPass(deps([long.handler], { renewEveryMs: 5 }), long.handler);
    await waitFor(async () => (await statusOf(id)) === "running", "the claim");
    now = at(10_000); // far past the first lease
    await waitFor(
      async () =>
        ((await database.prisma.job.findUniqueOrThrow({ where: { id } })).leaseUntil?.getTime() ?? 0) >
        at(10_000).getTime(),
      "the renewed lease",
    );
    const other = recorder();
    expect((await runJobPass(deps([other.handler]), other.handler)).claimed).toBe(0);
    release();
    expect((await pass).done).toBe(1);
    expect(other.runs).toEqual([]);
  });

  it("hands a running job back when the worker stops, without counting the attempt", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 4 });
    const worker = startJobWorker(deps([stoppable]));
    await waitFor(async () => (await statusOf(id)) === "running", "the claim");
    await worker.stop();
    const row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.attempts, row.claimToken]).toEqual(["pending", 0, null]);
  });

  it("hands back unrun a job claimed while the worker began to stop", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 6 });
    // The stop lands between the claim's write and the run: the job is claimed, but never started.
    const stopped = new AbortController();
    stopped.abort(new Error("The server is shutting down"));
    const started = recorder();
    const pass = await runJobPass(deps([started.handler]), started.handler, stopped.signal);
    expect([pass.claimed, pass.released]).toEqual([1, 1]);
    expect(started.runs).toEqual([]);
    const row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.attempts, row.claimToken]).toEqual(["pending", 0, null]);
    // A handler that waits for its stop is not left waiting for one that came before it started.
    const waiting = await runJobPass(deps([stoppable]), stoppable, stopped.signal);
    expect([waiting.claimed, waiting.released]).toEqual([1, 1]);
  });

  it("keeps the last attempt's error when a retried job is handed back at a stop", async () => {
    const id = await enqueueJob(database.prisma, echo, { n: 5 });
    const failsOnce = recorder(async () => {
      throw new Error("the receiver was down");
    });
    expect((await runJobPass(deps([failsOnce.handler]), failsOnce.handler)).retry).toBe(1);
    now = at(1_001); // the retry is due
    const worker = startJobWorker(deps([stoppable]));
    await waitFor(async () => (await statusOf(id)) === "running", "the second claim");
    await worker.stop();
    const row = await database.prisma.job.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.attempts, row.lastError, row.finishedAt]).toEqual([
      "pending",
      1,
      "the receiver was down",
      null,
    ]);
    expect(row.runAt.getTime()).toBe(at(1_001).getTime());
  });
});

describe("operating", () => {
  it("stops at once when asked during the pruning round, not after the next one", async () => {
    let roundStarted: () => void = () => undefined;
    const inRound = new Promise<void>((resolve) => (roundStarted = resolve));
    let endRound: () => void = () => undefined;
    const roundMayEnd = new Promise<void>((resolve) => (endRound = resolve));
    const slow = defineJob({
      kind: "test.slow-housekeeping",
      payload: echo.payload,
      run: async () => undefined,
      housekeeping: async () => {
        roundStarted();
        await roundMayEnd;
        return 0;
      },
    });
    const worker = startJobWorker(deps([slow], { firstPruneAfterMs: 0 }));
    await inRound;
    const stopped = worker.stop();
    endRound();
    // The next round is an hour away: a stop that waited for it would end only at the test's timeout.
    await stopped;
  });

  it("runs each handler's housekeeping with the pruning round", async () => {
    const seen: Date[] = [];
    const housekept = defineJob({
      ...echo,
      run: async () => undefined,
      housekeeping: async (_db, at) => {
        seen.push(at);
        return 0;
      },
    });
    const failing = defineJob({
      kind: "test.failing-housekeeping",
      payload: echo.payload,
      run: async () => undefined,
      housekeeping: async () => {
        throw new Error("the log table is locked");
      },
    });
    const warnings: string[] = [];
    const worker = startJobWorker(
      deps([failing, housekept], {
        firstPruneAfterMs: 0,
        logger: { info: () => undefined, warn: (message) => warnings.push(message) },
      }),
    );
    await waitFor(async () => seen.length > 0, "the housekeeping round");
    await worker.stop();
    expect(seen[0]).toEqual(T0);
    // One handler's failure is logged and does not keep the others from their round.
    expect(warnings).toContain("job housekeeping failed");
  });

  it("reports the backlog per kind and prunes old finished jobs only", async () => {
    await enqueueJob(database.prisma, echo, { n: 1 }, { runAt: at(-30_000) });
    await enqueueJob(database.prisma, echo, { n: 2 }, { runAt: at(60_000) });
    await database.prisma.job.create({
      data: { kind: "test.other", payload: {}, status: "failed", finishedAt: at(-40 * 86_400_000) },
    });
    await database.prisma.job.create({
      data: { kind: echo.kind, payload: { n: 3 }, status: "done", finishedAt: at(-8 * 86_400_000) },
    });
    await database.prisma.job.create({
      data: { kind: echo.kind, payload: { n: 4 }, status: "done", finishedAt: at(-86_400_000) },
    });
    expect(await jobBacklog(database.prisma, now)).toEqual([
      { kind: "test.echo", waiting: 2, oldestDueSeconds: 30, failed: 0 },
      { kind: "test.other", waiting: 0, oldestDueSeconds: 0, failed: 1 },
    ]);
    expect(await pruneJobs(database.prisma, now, { doneDays: 7, failedDays: 30 }, 1)).toBe(2);
    const left = await database.prisma.job.findMany({ orderBy: { id: "asc" } });
    expect(left.map((r) => [r.status, r.payload])).toEqual([
      ["pending", { n: 1 }],
      ["pending", { n: 2 }],
      ["done", { n: 4 }],
    ]);
  });
});
