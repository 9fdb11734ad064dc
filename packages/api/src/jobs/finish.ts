/**
 * A claimed job's outcome, written only while the claim is still held (its token matches). Plain SQL on the
 * client's own connection (directAccess): a backlog of small jobs (webhook deliveries) finishes hundreds a second,
 * and Prisma's query compiler was most of each finish's CPU. On SQLite the finishes of one turn share one commit.
 */
import { type Db, directAccess, type SqlValue, sqlInstant } from "@studio/db";

export type JobFinish = {
  status: "pending" | "done" | "failed";
  /** The error to keep; `undefined` leaves the last one as it is (a job handed back at shutdown). */
  lastError?: string | null;
  finishedAt?: Date | null;
  /** When to run again (a retry, or a job handed back); `undefined` leaves it. */
  runAt?: Date;
  /** Added to the attempts (-1 hands back an attempt that did not count). */
  attemptsDelta?: number;
};

const SET = (p: (i: number) => string) =>
  `"status" = ${p(1)}, "claimToken" = NULL, "leaseUntil" = NULL,
   "lastError" = CASE WHEN ${p(2)} = 1 THEN "lastError" ELSE ${p(3)} END,
   "finishedAt" = ${p(4)}, "runAt" = COALESCE(${p(5)}, "runAt"), "attempts" = "attempts" + ${p(6)},
   "updatedAt" = ${p(7)}`;
const SQLITE_FINISH = `UPDATE "Job" SET ${SET(() => "?")} WHERE "id" = ? AND "claimToken" = ?`;
const PG_CASTS: Record<number, string> = {
  2: "::int",
  4: "::timestamp(3)",
  5: "::timestamp(3)",
  6: "::int",
  7: "::timestamp(3)",
};
const PG_FINISH = `UPDATE "Job" SET ${SET((i) => `$${i}${PG_CASTS[i] ?? ""}`)}
WHERE "id" = $8::int AND "claimToken" = $9 RETURNING "id"`;

/** Answers false when the claim was lost (another worker holds the job now): nothing was written. */
export async function finishClaimedJob(
  db: Db,
  claim: { id: number; claimToken: string },
  outcome: JobFinish,
  now: Date,
): Promise<boolean> {
  const values: SqlValue[] = [
    outcome.status,
    outcome.lastError === undefined ? 1 : 0,
    outcome.lastError ?? null,
    outcome.finishedAt ? sqlInstant(outcome.finishedAt) : null,
    outcome.runAt ? sqlInstant(outcome.runAt) : null,
    outcome.attemptsDelta ?? 0,
    sqlInstant(now),
    claim.id,
    claim.claimToken,
  ];
  const access = directAccess(db);
  if (access.provider === "sqlite") {
    return (await access.transaction((sql) => sql.run(SQLITE_FINISH, values))) === 1;
  }
  return (await access.query(PG_FINISH, values, "job-finish")).length === 1;
}
