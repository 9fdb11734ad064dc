/**
 * Kill mid-write: while a load generator submits bookings for distinct slots (each with its own
 * Idempotency-Key), the server is SIGKILLed several times and restarted. Submissions whose outcome the client
 * never saw (connection refused or reset) are retried with the same key after the last restart, as the
 * booking dialog does. Afterwards every acknowledged booking is in the database exactly once, nothing is
 * half-written, and the database passes its integrity checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookingBody,
  createScenarioDb,
  delay,
  firstServiceId,
  http,
  networkErrorCode,
  PROVIDERS,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  waitUntil,
} from "./support";

const KILLS = 3;
const WORKERS = 8;
/** New acknowledgements between two kills, so every kill lands in the middle of steady writing. */
const ACKS_BETWEEN_KILLS = 25;

type Attempt = {
  n: number;
  key: string;
  status: number | null;
  /** Network errors seen for this submission (ECONNREFUSED while down, ECONNRESET/UND_ERR_SOCKET mid-request). */
  errors: string[];
};

describe.each(PROVIDERS)("SIGKILL during booking writes on %s", (provider) => {
  let db: ScenarioDb;
  let server: ServerHandle;
  let serviceId: number;
  const attempts = new Map<number, Attempt>();
  const networkErrors: Record<string, number> = {};
  let kills = 0;

  beforeAll(async () => {
    db = await createScenarioDb(provider, "kill");
    server = await startServer({ db });
    serviceId = await firstServiceId(db);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  const acked = () => [...attempts.values()].filter((a) => a.status !== null && a.status < 300);

  /** One try; false when the outcome is unknown (network error). */
  async function submit(n: number, base: string): Promise<boolean> {
    const attempt = attempts.get(n) ?? { n, key: `kill-${provider}-${n}-key`, status: null, errors: [] };
    attempts.set(n, attempt);
    try {
      const res = await http(base, "POST", "/api/bookings", {
        body: bookingBody(n, serviceId),
        headers: { "Idempotency-Key": attempt.key },
        timeoutMs: 15_000,
      });
      attempt.status = res.status;
      return true;
    } catch (error) {
      const code = networkErrorCode(error);
      networkErrors[code] = (networkErrors[code] ?? 0) + 1;
      attempt.errors.push(code);
      return false;
    }
  }

  it(`keeps every acknowledged booking across ${KILLS} SIGKILLs`, async () => {
    let next = 0;
    let running = true;
    const port = server.port;
    const base = server.base;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (running) {
        // Like the booking dialog: the same submission (same key) again until an answer arrives.
        const n = next++;
        while (!(await submit(n, base)) && running) await delay(100);
      }
    });

    for (let k = 0; k < KILLS; k++) {
      const target = acked().length + ACKS_BETWEEN_KILLS;
      await waitUntil(`${target} acknowledged bookings`, async () => acked().length >= target, 60_000, 10);
      server.signal("SIGKILL");
      expect(await server.exited).toBe("SIGKILL");
      kills++;
      server = await startServer({ db, port });
    }
    await waitUntil(
      "writes after the last restart",
      async () => acked().length >= ACKS_BETWEEN_KILLS * (KILLS + 1),
      60_000,
      10,
    );
    running = false;
    await Promise.all(workers);

    // No submission may have failed for any reason other than the kills.
    const unexpected = [...attempts.values()].filter(
      (a) => a.status !== null && a.status !== 200 && a.status !== 201,
    );
    expect(unexpected.map((a) => `${a.n}:${a.status}`)).toEqual([]);

    // Submissions still without an answer when the load stopped: retried once more with the same key.
    for (const a of [...attempts.values()].filter((x) => x.status === null)) {
      expect(await submit(a.n, server.base)).toBe(true);
    }
    const interrupted = [...attempts.values()].filter((a) => a.errors.some((e) => e !== "ECONNREFUSED"));
    const replayed = interrupted.filter((a) => a.status === 200).length;
    console.info(
      `[faults] ${provider}: ${attempts.size} bookings, ${kills} kills, ${interrupted.length} requests cut mid-flight ` +
        `(${replayed} had been stored → replayed, ${interrupted.length - replayed} had not → created on retry), ` +
        `network errors ${JSON.stringify(networkErrors)}`,
    );
    expect(interrupted.length).toBeGreaterThan(0);
    expect(kills).toBe(KILLS);
  });

  it("stores each acknowledged booking exactly once, complete", async () => {
    type Row = {
      idempotencyKey: string | null;
      name: string;
      email: string;
      phone: string;
      date: string;
      time: string;
      slotKey: string | null;
      status: string;
      serviceId: number | null;
      message: string | null;
    };
    const rows = await db.query<Row>(
      `SELECT "idempotencyKey", name, email, phone, date, time, "slotKey", status, "serviceId", message FROM "Booking"`,
    );
    const byKey = new Map<string, Row[]>();
    for (const row of rows) {
      const list = byKey.get(row.idempotencyKey ?? "") ?? [];
      list.push(row);
      byKey.set(row.idempotencyKey ?? "", list);
    }
    // Every submission was acknowledged in the end (after the retries).
    expect(acked()).toHaveLength(attempts.size);
    for (const a of attempts.values()) {
      const found = byKey.get(a.key) ?? [];
      expect({ key: a.key, copies: found.length }).toEqual({ key: a.key, copies: 1 });
      const expected = bookingBody(a.n, serviceId);
      expect(found[0]).toMatchObject({
        name: expected.name,
        email: expected.email,
        phone: expected.phone,
        date: expected.date,
        time: expected.time,
        slotKey: `${expected.date} ${expected.time}`,
        status: "pending",
        message: expected.message,
      });
      expect(Number(found[0]!.serviceId)).toBe(serviceId);
    }
    // Nothing else was written: no duplicate, no stray or half-written row.
    expect(rows).toHaveLength(attempts.size);
  });

  it("passes the database's integrity checks", async () => {
    if (provider === "sqlite") {
      expect(await db.query(`PRAGMA integrity_check`)).toEqual([{ integrity_check: "ok" }]);
      expect(await db.query(`PRAGMA foreign_key_check`)).toEqual([]);
    } else {
      // B-tree structure of every index of the written tables (amcheck), and referential consistency.
      await db.query(`CREATE EXTENSION IF NOT EXISTS amcheck`);
      const checked = await db.query<{ index: string }>(
        `SELECT c.relname AS index, bt_index_check(c.oid, true) FROM pg_index i
           JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
          WHERE t.relname IN ('Booking', 'Service', 'Upload') AND c.relam = (SELECT oid FROM pg_am WHERE amname = 'btree')`,
      );
      expect(checked.length).toBeGreaterThanOrEqual(5);
      expect(
        await db.query(
          `SELECT b.id FROM "Booking" b LEFT JOIN "Service" s ON s.id = b."serviceId" WHERE b."serviceId" IS NOT NULL AND s.id IS NULL`,
        ),
      ).toEqual([]);
    }
    // The unique slot key always matches the row's own date and time.
    expect(
      await db.query(`SELECT id FROM "Booking" WHERE "slotKey" IS NULL OR "slotKey" <> date || ' ' || time`),
    ).toEqual([]);
  });
});
