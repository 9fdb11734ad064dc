/**
 * E-mail against the real server: two instances on one PostgreSQL database, each running its mail worker, and a
 * real SMTP server on loopback that is down while the bookings come in. Bookings still succeed; once the SMTP
 * server is back every message arrives exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSmtp, type TestSmtp } from "../../packages/api/src/testing/smtp";
import {
  bookingBody,
  createScenarioDb,
  firstServiceId,
  http,
  ownerToken,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  waitUntil,
} from "./support";

let db: ScenarioDb;
let smtp: TestSmtp;
let a: ServerHandle;
let b: ServerHandle;

beforeAll(async () => {
  db = await createScenarioDb("postgresql", "mail");
  smtp = await startTestSmtp();
  const env = {
    SMTP_URL: smtp.url,
    MAIL_FROM: "Studio <hello@faults.test>",
    STUDIO_NOTIFY_EMAIL: "studio@faults.test",
  };
  [a, b] = await Promise.all([startServer({ db, env }), startServer({ db, env })]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await smtp?.close();
  await db?.drop();
});

type Row = { status: string; n: string };

describe("mail with two instances on one PostgreSQL", () => {
  it("SMTP down: 30 bookings succeed (201); when it is back, 60 messages arrive, none twice", async () => {
    await ownerToken(a.base);
    const serviceId = await firstServiceId(db);
    await smtp.stop();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        http(i % 2 ? b.base : a.base, "POST", "/api/bookings", { body: bookingBody(i, serviceId) }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(201));

    // The workers try, fail to connect, and schedule a retry with the reason.
    await waitUntil(
      "a failed first attempt of every message",
      async () => {
        const [row] = await db.query<{ n: string }>(
          `SELECT COUNT(*) AS n FROM "OutgoingMail" WHERE "attempts" >= 1 AND "lastError" IS NOT NULL AND "status" = 'pending'`,
        );
        return Number(row?.n) === 60;
      },
      60_000,
    );

    // The SMTP server is back; the first retry is due in a minute: bring it forward instead of waiting.
    await smtp.start();
    await db.query(`UPDATE "OutgoingMail" SET "notBefore" = now() WHERE "status" = 'pending'`);
    await smtp.waitFor(60, 90_000);
    await waitUntil(
      "every message recorded as sent",
      async () => {
        const rows = await db.query<Row>(
          `SELECT "status", COUNT(*) AS n FROM "OutgoingMail" GROUP BY "status"`,
        );
        return rows.length === 1 && rows[0]?.status === "sent" && Number(rows[0].n) === 60;
      },
      30_000,
    );

    expect(smtp.received).toHaveLength(60);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(60);
    const toClients = smtp.received.filter((m) => /^client\d+@faults\.test$/.test(m.envelopeTo[0] ?? ""));
    expect(toClients).toHaveLength(30);
    expect(smtp.received.filter((m) => m.envelopeTo[0] === "studio@faults.test")).toHaveLength(30);
    expect(a.output() + b.output()).not.toMatch(/mail worker round failed/);
  });
});
