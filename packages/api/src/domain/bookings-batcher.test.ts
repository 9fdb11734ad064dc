/**
 * The order in which PostgreSQL's booking batcher (insert.ts, ADR 012) talks to the database and answers its
 * callers, with the database's answers scripted: one batch at a time, each batch's read sent only once the batch
 * before it is stored, and that read sent before the stored batch's callers are answered.
 */
import type { PgQuery, SqlValue } from "@studio/db";
import { describe, expect, it } from "vitest";
import { seatedTestBooking } from "../testing/fixtures";
import { type BookingCompanions, createPostgresBatcher, DRAW_IDS_STATEMENT } from "./bookings/insert";

/**
 * A database reached as through pg's pool, logging when each statement is sent and answered: the pool sends a
 * statement on the next tick (it hands out an idle connection in `process.nextTick`), after the promise callbacks
 * already due; the answer comes on a later turn.
 */
function scriptedDatabase(events: string[]): PgQuery {
  let nextId = 1;
  let reads = 0;
  let writes = 0;
  const sent = (what: () => string, rows: () => unknown[], answered: string) =>
    new Promise<unknown[]>((resolve) =>
      process.nextTick(() => {
        events.push(what());
        const answer = rows();
        setTimeout(() => {
          events.push(answered);
          resolve(answer);
        }, 1);
      }),
    );
  const answer = (text: string, values: readonly SqlValue[], name?: string) => {
    if (name === DRAW_IDS_STATEMENT) {
      const read = ++reads;
      const ids = () =>
        Array.from({ length: Number(values[0]) }, () => ({ kind: "id", value: String(nextId++) }));
      return sent(() => `read ${read} sent`, ids, `read ${read} answered`);
    }
    const write = ++writes;
    expect(text.startsWith("WITH booking AS (INSERT")).toBe(true);
    const bookings = () => (JSON.parse(String(values[0])) as { id: number }[]).map(({ id }) => ({ id }));
    return sent(() => `write ${write} sent`, bookings, `write ${write} stored`);
  };
  // The rows are what the batcher's statements answer; the type it reads them as is its own.
  return <T>(text: string, values: readonly SqlValue[], name?: string) =>
    answer(text, values, name) as Promise<T[]>;
}

let day = 0;
const seated = () => {
  day += 1;
  return seatedTestBooking(`2031-07-${String(day).padStart(2, "0")}`, 1);
};

const companions = (): BookingCompanions => ({ accessTokenHash: "hash", mails: [], jobs: [] });

describe("PostgreSQL's booking batcher", () => {
  it("sends the next batch's read once this batch is stored, and before answering this batch's callers", async () => {
    const events: string[] = [];
    const batcher = createPostgresBatcher(scriptedDatabase(events));
    const insert = (label: string) =>
      batcher
        .insert({ booking: seated(), attachedAt: new Date(), companions, created: new Date() })
        .then((row) => events.push(`${label} answered #${row.id}`));
    const first = [insert("a"), insert("b")];
    // Two more arrive while the first batch is on its way: they wait for it, then go together.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(["read 1 sent"]);
    const second = [insert("c"), insert("d")];
    await Promise.all([...first, ...second]);

    expect(events).toEqual([
      "read 1 sent",
      "read 1 answered",
      "write 1 sent",
      "write 1 stored",
      "read 2 sent",
      "a answered #1",
      "b answered #2",
      "read 2 answered",
      "write 2 sent",
      "write 2 stored",
      "c answered #3",
      "d answered #4",
    ]);
  });
});
