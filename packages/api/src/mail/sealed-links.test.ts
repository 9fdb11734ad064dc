/**
 * One-time links never rest in the database in the clear: a booking's and a password reset's messages are
 * delivered (to a real SMTP server on loopback) with working links, and a scan of every table afterwards — and
 * before — finds none of them; the back office shows them redacted, and reading a client's message is in the trail.
 */
import type { Db, DbProvider } from "@studio/db";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { startTestSmtp, type TestSmtp } from "../testing/smtp";
import { openLinks, redactLink, sealLinks } from "./sealed-links";
import { createSmtpTransport, runMailPass } from "./worker";

const NOW = new Date("2030-01-15T20:00:00Z");
let h: Harness;
let smtp: TestSmtp;
let serviceId: number;

beforeAll(async () => {
  h = await createHarness();
  smtp = await startTestSmtp();
  serviceId = (await createTestService(h.deps.db)).id;
});
afterAll(async () => {
  await smtp.close();
  await h.close();
});
beforeEach(() => {
  h.setNow(NOW);
  smtp.received.length = 0;
});

async function drain() {
  const transport = createSmtpTransport(smtp.url);
  const deps = {
    db: h.deps.db,
    now: h.deps.now,
    from: h.deps.config.mail.from,
    sealKey: h.deps.config.mail.sealKey,
    transport,
    retryDelaysMs: [0, 0, 0],
  };
  while ((await runMailPass(deps)).claimed > 0);
  transport.close();
}

/** Every row of every table of the database, as text (what a dump or a backup holds). */
async function databaseText(db: Db, provider: DbProvider): Promise<string> {
  const tables =
    provider === "sqlite"
      ? await db.$queryRawUnsafe<{ name: string }[]>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        )
      : await db.$queryRawUnsafe<{ name: string }[]>(
          "SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema()",
        );
  const parts: string[] = [];
  for (const { name } of tables) {
    // Every column as text (SQLite's adapter cannot type an empty BLOB in a SELECT *).
    const columns =
      provider === "sqlite"
        ? (await db.$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('${name}')`)).map(
            (c) => `CAST("${c.name}" AS TEXT)`,
          )
        : [`CAST(t AS TEXT)`];
    const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT ${columns.join(", ")} FROM "${name}" t`);
    parts.push(JSON.stringify(rows, (_, v) => (typeof v === "bigint" ? String(v) : v)));
  }
  return parts.join("\n");
}

const manageToken = (text: string) => /\/manage\/([\w-]{43})/.exec(text)?.[1];

describe("sealed one-time links", () => {
  it("redacts long path segments and query values only", () => {
    expect(redactLink("http://studio.test/manage/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde")).toBe(
      "http://studio.test/manage/•••",
    );
    expect(redactLink("https://a.example/admin/reset-password?token=0123456789abcdef0123&x=1")).toBe(
      "https://a.example/admin/reset-password?token=•••&x=1",
    );
  });

  it("puts the links back only with the key, in content and attachments alike", () => {
    const key = h.deps.config.mail.sealKey;
    const link = "http://studio.test/manage/secret-secret-secret-secret";
    const { json, sealed } = sealLinks(
      key,
      [JSON.stringify({ body: `Go to ${link}`, ics: [{ url: link }] })],
      [link],
    );
    const values: unknown = JSON.parse(json[0]!);
    expect(json[0]).not.toContain("secret-secret");
    expect(sealed).not.toContain("secret-secret");
    expect(openLinks(values, { key, sealed: sealed! })).toEqual({
      body: `Go to ${link}`,
      ics: [{ url: link }],
    });
    expect(openLinks(values, null)).toEqual({
      body: "Go to http://studio.test/manage/•••",
      ics: [{ url: "http://studio.test/manage/•••" }],
    });
    expect(() => openLinks(values, { key: new Uint8Array(32), sealed: sealed! })).toThrow();
  });

  it("seals every occurrence in every text, escapes and all, and only web addresses", () => {
    const key = h.deps.config.mail.sealKey;
    const link = "http://studio.test/manage/secret-secret-secret-secret";
    const other = "https://studio.test/admin/reset-password?token=0123456789abcdef0123";
    const at = new Date(Date.UTC(2030, 1, 20, 10, 0));
    const values = {
      at,
      blocks: [{ text: `${link} and ${link}`, gone: undefined }, undefined, 3, null, true],
      links: { manage: link, reset: other },
    };
    const {
      json: [first = "", second = ""],
      sealed,
    } = sealLinks(
      key,
      [JSON.stringify(values), JSON.stringify(`"quoted"\n${other}`)],
      [link, other, link, ""],
    );
    const stored: unknown = JSON.parse(first);
    expect(JSON.parse(second)).toBe(
      '"quoted"\n⟦sealed:1|https://studio.test/admin/reset-password?token=•••⟧',
    );
    expect(() => sealLinks(key, ["{}"], ["ntp://x"])).toThrow(
      'A sealed link is a web address, not "ntp://x"',
    );
    expect(stored).toEqual({
      at: at.toISOString(),
      blocks: [
        {
          text: "⟦sealed:0|http://studio.test/manage/•••⟧ and ⟦sealed:0|http://studio.test/manage/•••⟧",
        },
        null,
        3,
        null,
        true,
      ],
      links: {
        manage: "⟦sealed:0|http://studio.test/manage/•••⟧",
        reset: "⟦sealed:1|https://studio.test/admin/reset-password?token=•••⟧",
      },
    });
    expect(openLinks(stored, { key, sealed: sealed! })).toEqual(JSON.parse(JSON.stringify(values)));
  });

  it("delivers working manage links while no table ever holds one", async () => {
    const booking = (
      await h.caller().bookings.create({
        name: "Ann Lee",
        email: "ann@client.test",
        phone: "+1 555 010 2040",
        service_id: serviceId,
        date: "2030-02-20",
        time: "10:00",
        message: "Golden hour",
      })
    ).booking;
    const { caller } = await h.admin();
    await caller.bookings.setStatus({ id: booking.id, status: "confirmed" });
    const waiting = await databaseText(h.deps.db, h.deps.provider);
    await drain();

    const tokens = smtp.received
      .filter((m) => m.envelopeTo.includes("ann@client.test"))
      .flatMap((m) => [m.text ?? "", ...m.attachments.map((a) => a.content.toString("utf8"))])
      .map(manageToken)
      .filter((t): t is string => Boolean(t));
    expect(new Set(tokens).size).toBeGreaterThanOrEqual(2); // the received and confirmed messages' links
    for (const token of tokens) {
      // The link works...
      await expect(h.caller().manage.get({ token })).resolves.toMatchObject({ booking: { name: "Ann Lee" } });
      // ...and no table holds it, before sending or after.
      expect(waiting).not.toContain(token);
      expect(await databaseText(h.deps.db, h.deps.provider)).not.toContain(token);
    }
    // Sent: nothing left to open, even with the key.
    const sent = await h.deps.db.outgoingMail.findMany({ where: { bookingId: booking.id, status: "sent" } });
    expect(sent.every((row) => row.sealedLinks === null)).toBe(true);
  });

  it("shows the back office a client's message with its link redacted, and records who read it", async () => {
    await h.caller().bookings.create({
      name: "Bo Chen",
      email: "bo@client.test",
      phone: "+1 555 010 2041",
      service_id: serviceId,
      date: "2030-02-21",
      time: "11:00",
      message: "",
    });
    const { caller } = await h.admin();
    const owner = await h.deps.db.adminUser.findUniqueOrThrow({ where: { email: "owner@studio.test" } });
    const row = await h.deps.db.outgoingMail.findFirstOrThrow({
      where: { kind: "booking.received", recipients: "bo@client.test" },
    });
    const detail = await caller.mail.get({ id: row.id });
    expect(detail.text).toContain("http://studio.test/manage/•••");
    expect(detail.html).toContain("http://studio.test/manage/•••");
    // Opened in the back office before it went out: the client still gets the working link.
    await drain();
    const sentText = smtp.received.find((m) => m.envelopeTo.includes("bo@client.test"))?.text ?? "";
    expect(manageToken(sentText)).toBeDefined();
    const entry = await h.deps.db.auditEntry.findFirstOrThrow({
      where: { entity: "mail", action: "viewed" },
    });
    expect(entry).toMatchObject({ actorId: owner.id, entityId: String(row.id) });
  });

  it("seals password-reset links too", async () => {
    await h.admin();
    await h.caller().auth.requestPasswordReset({ email: "owner@studio.test" });
    await h.runJobs(); // the request only queues the work (no timing tells an admin's address apart)
    await drain();
    const mail = smtp.received.find((m) => m.subject?.toLowerCase().includes("password"));
    const token = /token=([\w-]{20,})/.exec(mail?.text ?? "")?.[1];
    expect(token).toBeDefined();
    expect(await databaseText(h.deps.db, h.deps.provider)).not.toContain(token!);
  });
});

describe("a message sealed under another secret", () => {
  it("fails with a clear reason instead of sending a dead, redacted link", async () => {
    await h.caller().bookings.create({
      name: "Cy Dee",
      email: "cy@client.test",
      phone: "+1 555 010 2042",
      service_id: serviceId,
      date: "2030-02-22",
      time: "12:00",
      message: "",
    });
    const row = await h.deps.db.outgoingMail.findFirstOrThrow({ where: { recipients: "cy@client.test" } });
    // As if JWT_SECRET had changed since the message was written.
    const { sealed } = sealLinks(new Uint8Array(32).fill(1), ["{}"], ["http://studio.test/manage/x"]);
    await h.deps.db.outgoingMail.update({ where: { id: row.id }, data: { sealedLinks: sealed } });
    await drain();
    expect(smtp.received.some((m) => m.envelopeTo.includes("cy@client.test"))).toBe(false);
    expect(await h.deps.db.outgoingMail.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "failed",
      lastError: MESSAGES.mail.linksUnreadable,
    });
  });
});

describe("sealed e-mail change links", () => {
  it("keeps the confirm and undo links of an e-mail change out of every table", async () => {
    const { caller } = await h.admin();
    await caller.auth.updateProfile({
      name: "Studio Owner",
      email: "new-owner@studio.test",
      current_password: "owner-password",
    });
    await drain();
    const tokens = smtp.received
      .map((m) => /token=([\w-]{20,})/.exec(m.text ?? "")?.[1])
      .filter((t): t is string => Boolean(t));
    expect(tokens).toHaveLength(2);
    const dump = await databaseText(h.deps.db, h.deps.provider);
    for (const token of tokens) expect(dump).not.toContain(token);
  });
});
