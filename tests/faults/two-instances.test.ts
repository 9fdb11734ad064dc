/**
 * Two server processes on one PostgreSQL database (same DATABASE_URL and JWT_SECRET, different ports), no
 * sticky routing: the database alone keeps one booking per slot, and a session works (and dies) everywhere.
 */
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookingBody,
  createScenarioDb,
  firstServiceId,
  http,
  type ScenarioDb,
  type ServerHandle,
  startServer,
} from "./support";

let db: ScenarioDb;
let a: ServerHandle;
let b: ServerHandle;

beforeAll(async () => {
  db = await createScenarioDb("postgresql", "two");
  // Both start at once: the migrator's advisory lock must apply each migration exactly once.
  [a, b] = await Promise.all([startServer({ db }), startServer({ db })]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

describe("two instances on one PostgreSQL", () => {
  it("migrated once although both started together", async () => {
    const rows = await db.query<{ migration_name: string; n: string }>(
      `SELECT migration_name, COUNT(*) AS n FROM "_prisma_migrations" GROUP BY migration_name`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Number(row.n)).toBe(1);
  });

  it("20 concurrent submissions for one slot over both instances → exactly one booking", async () => {
    const serviceId = await firstServiceId(db);
    const slot = bookingBody(0, serviceId);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http(i % 2 ? b.base : a.base, "POST", "/api/bookings", {
          body: { ...slot, name: `Racer ${i}`, email: `racer${i}@faults.test` },
          headers: { "Idempotency-Key": `two-instances-race-${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    const won = results.filter((r) => r.status === 200 || r.status === 201);
    expect(won, `statuses: ${statuses.join(",")}`).toHaveLength(1);
    const lost = results.filter((r) => r.status === 409);
    expect(lost).toHaveLength(19);
    for (const r of lost)
      expect(r.body).toMatchObject({ success: false, message: MESSAGES.booking.slotTaken });
    // Both instances took part in the race (10 requests each), and both lost some.
    const rows = await db.query<{ name: string; n: string }>(
      `SELECT name, COUNT(*) OVER () AS n FROM "Booking" WHERE date = '${slot.date}' AND time = '${slot.time}'`,
    );
    expect(rows).toHaveLength(1);
    const winner = results.indexOf(won[0]!);
    expect(rows[0]!.name).toBe(`Racer ${winner}`);
  });

  it("overlapping sessions of different lengths over both instances: the one crew is never held twice", async () => {
    const services = await db.query<{ id: number; title: string }>(
      `SELECT id, title FROM "Service" WHERE title IN ('Portrait Session', 'Wedding Film')`,
    );
    const portrait = Number(services.find((s) => s.title === "Portrait Session")!.id);
    const wedding = Number(services.find((s) => s.title === "Wedding Film")!.id);
    const date = "2031-07-09";
    // A full day (09:00–17:00, and its pack-down hour) against a portrait at every hour, from both instances.
    const requests = [
      ...Array.from({ length: 6 }, (_, i) => ({ service: wedding, time: "09:00", n: i })),
      ...["09:00", "10:00", "12:00", "15:00", "17:00"].map((time, i) => ({
        service: portrait,
        time,
        n: 6 + i,
      })),
    ];
    const results = await Promise.all(
      requests.map((r, i) =>
        http(i % 2 ? b.base : a.base, "POST", "/api/bookings", {
          body: bookingBody(1_000 + r.n, r.service, { date, time: r.time }),
        }),
      ),
    );
    for (const r of results) expect([201, 409]).toContain(r.status);
    const stored = await db.query<{ time: string; minutes: number; after: number }>(
      `SELECT b.time, s."durationMinutes" AS minutes, s."bufferAfterMinutes" AS after
       FROM "Booking" b JOIN "Service" s ON s.id = b."serviceId" WHERE b.date = '${date}'`,
    );
    expect(stored.length).toBeGreaterThan(0);
    const minute = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    for (let at = 9 * 60; at < 18 * 60; at += 30) {
      const covering = stored.filter(
        (row) => at >= minute(row.time) && at < minute(row.time) + Number(row.minutes) + Number(row.after),
      );
      expect(covering.length, `at ${at / 60}h`).toBeLessThanOrEqual(1);
    }
    // Whoever won, the losers were told what is missing.
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.success).toBe(false);
  });

  it("a token from a login on A works on B, for REST and tRPC admin calls", async () => {
    const reg = await http(a.base, "POST", "/api/auth/register", {
      body: { name: "Owner", email: "owner@two.test", password: "owner-password" },
    });
    expect(reg.status).toBe(201);
    const login = await http(a.base, "POST", "/api/auth/login", {
      body: { email: "owner@two.test", password: "owner-password" },
    });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    for (const server of [a, b]) {
      const me = await http(server.base, "GET", "/api/auth/me", { token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ success: true, data: { email: "owner@two.test" } });
      const list = await http(server.base, "GET", "/api/bookings", { token });
      expect(list.status).toBe(200);
      expect(list.body.success).toBe(true);
      const trpc = await http(server.base, "GET", "/trpc/bookings.stats", { token });
      expect(trpc.status).toBe(200);
    }
    // A booking confirmed on B is seen confirmed on A.
    const rows = await db.query<{ id: number }>(`SELECT id FROM "Booking" ORDER BY id LIMIT 1`);
    const id = Number(rows[0]!.id);
    expect((await http(b.base, "PATCH", `/api/bookings/${id}/confirm`, { token })).status).toBe(200);
    const seen = await http(a.base, "GET", `/api/bookings/${id}`, { token });
    expect(seen.body).toMatchObject({ success: true, data: { id, status: "confirmed" } });
  });

  it("logout on A revokes the token on B at once", async () => {
    const login = await http(b.base, "POST", "/api/auth/login", {
      body: { email: "owner@two.test", password: "owner-password" },
    });
    const token = login.body.token as string;
    expect((await http(b.base, "GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await http(a.base, "POST", "/api/auth/logout", { token })).status).toBe(200);
    for (const server of [a, b]) {
      const me = await http(server.base, "GET", "/api/auth/me", { token });
      expect(me.status).toBe(401);
      expect(me.body).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
      expect((await http(server.base, "GET", "/api/bookings", { token })).status).toBe(401);
    }
  });
});
