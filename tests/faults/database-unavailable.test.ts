/**
 * Database unavailable while the server runs.
 * - PostgreSQL: the scenario's database stops accepting connections (ALLOW_CONNECTIONS false) and every
 *   open connection is terminated — to the server, exactly what a stopped or unreachable PostgreSQL looks
 *   like. Every request answers 503 with a clear JSON message, /health says so, a write answered 503 is not
 *   stored, and the server recovers by itself (no restart) once connections are allowed again.
 * - SQLite (as root, file permissions do not stop the server): another process holds the write lock (a
 *   stuck maintenance job or backup tool). Writes answer 503 after the busy timeout instead of 500 or a
 *   silent drop; reads keep working (WAL); writes work again as soon as the lock is released. An unusable
 *   database path (a directory) stops the start-up with a clear message.
 */
import { MESSAGES } from "@studio/validators";
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BetterSqlite3,
  bookingBody,
  createScenarioDb,
  firstServiceId,
  http,
  ownerToken,
  PG_ADMIN_URL,
  pgQuery,
  type Reply,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  waitUntil,
} from "./support";

const unavailable = { success: false, message: MESSAGES.common.databaseUnavailable };

function feedback(name: string) {
  return { name, email: "fault@faults.test", rating: 5, message: `feedback ${name}`, service_category: "" };
}
function contact(name: string) {
  return { name, email: "fault@faults.test", phone: "", subject: "Fault", message: `contact ${name}` };
}
const is2xx = (r: Reply) => r.status >= 200 && r.status < 300;

describe("PostgreSQL stops accepting connections", () => {
  let db: ScenarioDb;
  let server: ServerHandle;
  let token: string;
  let serviceId: number;

  const block = async () => {
    await pgQuery(PG_ADMIN_URL, `ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS false`);
    await pgQuery(
      PG_ADMIN_URL,
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [db.name],
    );
  };
  const unblock = () => pgQuery(PG_ADMIN_URL, `ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`);

  beforeAll(async () => {
    db = await createScenarioDb("postgresql", "down");
    server = await startServer({ db });
    token = await ownerToken(server.base);
    serviceId = await firstServiceId(db);
  });
  afterAll(async () => {
    await unblock().catch(() => undefined);
    await server?.stop();
    await db?.drop();
  });

  it("stores writes while the database is up", async () => {
    expect(is2xx(await http(server.base, "POST", "/api/feedback", { body: feedback("before-outage") }))).toBe(
      true,
    );
  });

  it("answers 503 with a clear JSON message on every kind of request while it is down", async () => {
    await block();
    const health = await http(server.base, "GET", "/health");
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: "unavailable",
      message: MESSAGES.common.databaseUnavailable,
    });

    const calls: [string, string, unknown?, string?][] = [
      ["POST", "/api/feedback", feedback("during-outage-rest")],
      ["POST", "/api/contact", contact("during-outage-rest")],
      ["POST", "/api/bookings", bookingBody(1, serviceId, { name: "during-outage-rest" })],
      ["GET", "/api/services"],
      ["GET", "/api/portfolio"],
      ["GET", "/api/feedback/approved?limit=10"],
      ["GET", "/api/bookings", undefined, token],
      ["GET", "/api/auth/me", undefined, token],
      ["POST", "/api/auth/login", { email: "owner@faults.test", password: "owner-password" }],
    ];
    for (const [method, url, body, auth] of calls) {
      const res = await http(server.base, method, url, { body, token: auth });
      expect({ url, status: res.status }).toEqual({ url, status: 503 });
      expect(res.body).toEqual(unavailable);
      expect(res.text).not.toMatch(/prisma|postgres|ECONN|stack|at \w+ \(/i);
    }

    const trpc = await http(server.base, "POST", "/trpc/feedback.submit", {
      body: feedback("during-outage-trpc"),
    });
    expect(trpc.status).toBe(503);
    expect(JSON.stringify(trpc.body)).toContain(MESSAGES.common.databaseUnavailable);
    expect(trpc.text).not.toMatch(/prisma|postgres|ECONN|stack/i);
    const trpcQuery = await http(server.base, "GET", "/trpc/services.list");
    expect(trpcQuery.status).toBe(503);
  });

  it("recovers by itself once the database accepts connections again, and nothing was dropped silently", async () => {
    await unblock();
    await waitUntil("/health to answer 200 again", async () => {
      const res = await http(server.base, "GET", "/health");
      return res.status === 200;
    });
    const after = await http(server.base, "POST", "/api/feedback", { body: feedback("after-outage") });
    expect(after.status).toBeLessThan(300);
    expect((await http(server.base, "GET", "/api/auth/me", { token })).status).toBe(200);

    const names = (
      await db.query<{ name: string }>(
        `SELECT name FROM "Feedback" WHERE email = 'fault@faults.test' ORDER BY id`,
      )
    ).map((r) => r.name);
    expect(names).toEqual(["before-outage", "after-outage"]);
    expect(await db.query(`SELECT id FROM "ContactMessage" WHERE name LIKE 'during-outage%'`)).toEqual([]);
    expect(await db.query(`SELECT id FROM "Booking" WHERE name LIKE 'during-outage%'`)).toEqual([]);
  });

  it("logs the outage without crashing the process", () => {
    expect(server.proc.exitCode).toBeNull();
  });
});

describe("SQLite write lock held by another process", () => {
  let db: ScenarioDb;
  let server: ServerHandle;

  beforeAll(async () => {
    db = await createScenarioDb("sqlite", "locked");
    server = await startServer({ db });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("answers writes with 503 (not 500, not a silent drop) and recovers when the lock is released", async () => {
    expect(is2xx(await http(server.base, "POST", "/api/feedback", { body: feedback("before-lock") }))).toBe(
      true,
    );

    const locker = new BetterSqlite3(db.name, { fileMustExist: true });
    let blocked: Reply;
    let read: Reply;
    try {
      locker.exec("BEGIN IMMEDIATE");
      locker.exec(
        `INSERT INTO "ContactMessage" (name, email, subject, message, "createdAt") VALUES ('locker', 'l@x.test', 's', 'm', 0)`,
      );
      read = await http(server.base, "GET", "/api/services");
      blocked = await http(server.base, "POST", "/api/feedback", { body: feedback("during-lock") });
    } finally {
      locker.exec("ROLLBACK");
      locker.close();
    }
    expect(read.status).toBe(200);
    expect(blocked.status).toBe(503);
    expect(blocked.body).toEqual(unavailable);

    const after = await http(server.base, "POST", "/api/feedback", { body: feedback("after-lock") });
    expect(after.status).toBeLessThan(300);
    const names = (
      await db.query<{ name: string }>(
        `SELECT name FROM "Feedback" WHERE email = 'fault@faults.test' ORDER BY id`,
      )
    ).map((r) => r.name);
    expect(names).toEqual(["before-lock", "after-lock"]);
  });
});

describe("SQLite database path unusable at start-up", () => {
  it("refuses to start with a message naming the problem (no half-started server)", async () => {
    const db = await createScenarioDb("sqlite", "dir");
    try {
      mkdirSync(db.name); // the database path is a directory
      await expect(startServer({ db, timeoutMs: 30_000 })).rejects.toThrow(/unable to open database/i);
    } finally {
      await db.drop();
    }
  });
});
