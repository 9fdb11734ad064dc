import { randomUUID } from "node:crypto";
import { Prisma } from "@studio/db";
import { BOOKING_STATUSES, type BookingStatus, MESSAGES } from "@studio/validators";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { createHarness, type Harness } from "../testing/harness";
import { bookingSource, readBookingRows } from "./bookings/queries";
import { indexWindow } from "./bookings/rare-fragment";

const NOW = new Date("2030-01-15T20:00:00Z");
const PEOPLE = [
  { name: "Alice Smith", email: "alice@example.test", phone: "+1 555 0101" },
  { name: "Bob Jones", email: "bob.jones@example.test", phone: "555-0199" },
  { name: "Carla ALICEA", email: "carla@studio.test", phone: "(555) 0123" },
  { name: "Dmitri Petrov", email: "dmitri@example.test", phone: "555 0144" },
  { name: "Eve 100% Real", email: "eve_x@example.test", phone: "555 0155" },
];

/** Everything JSON escapes, and a look-alike of the proof field the streamed chunks rewrite. */
const TRICKY_MESSAGE = 'back\\slash\t tab \u0001 ctrl é 東京 🎞️ "image":"/uploads/private/x.pdf" end\\';

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
let ids: number[]; // newest first
let statusOf: Map<number, BookingStatus>;
let goneServiceId: number;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  admin = (await h.admin()).caller;
  const db = h.deps.db;
  const kept = await db.service.create({
    data: { title: "Portrait Session", description: "d", priceCents: 100, features: [] },
  });
  const gone = await db.service.create({
    data: { title: "Discontinued", description: "d", priceCents: 100, features: [] },
  });
  goneServiceId = gone.id;
  const proofId = randomUUID();
  await db.upload.create({
    data: {
      id: proofId,
      purpose: "booking_proof",
      kind: "document",
      mimeType: "application/pdf",
      extension: "pdf",
      size: 10,
      originalName: "p.pdf",
      storageKey: `private/${proofId}.pdf`,
      attachedAt: NOW,
    },
  });
  await db.booking.createMany({
    data: Array.from({ length: 30 }, (_, i) => {
      const person = PEOPLE[i % PEOPLE.length]!;
      const status = BOOKING_STATUSES[i % 4]!;
      const date = `2030-03-${String(1 + Math.floor(i / 9)).padStart(2, "0")}`;
      const time = `${String(9 + (i % 9)).padStart(2, "0")}:00`;
      return {
        ...person,
        serviceId: i === 3 ? gone.id : kept.id,
        date,
        time,
        message: i === 0 ? 'Line one, "quoted"\nline two' : i === 2 ? TRICKY_MESSAGE : null,
        image: i === 1 ? `/uploads/private/${proofId}.pdf` : null,
        uploadId: i === 1 ? proofId : null,
        status,
        slotKey: status === "cancelled" ? null : `${date} ${time}`,
      };
    }),
  });
  await db.service.delete({ where: { id: gone.id } });
  const rows = await db.booking.findMany({ orderBy: { id: "desc" }, select: { id: true, status: true } });
  ids = rows.map((r) => r.id);
  statusOf = new Map(rows.map((r) => [r.id, r.status]));
});
afterAll(async () => {
  await h.close();
});

async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const message = error.cause instanceof ZodError ? (error.cause.issues[0]?.message ?? "") : error.message;
    return { code: error.code, message };
  }
  throw new Error("expected the call to fail");
}

describe("list", () => {
  it("returns newest first with the total, 50 per page by default", async () => {
    const page = await admin.bookings.list({});
    expect(page.items.map((b) => b.id)).toEqual(ids);
    expect(page.total).toBe(30);
    expect(page.nextCursor).toBeNull();
  });

  it("pages through everything with the cursor, each booking exactly once", async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof admin.bookings.list>> = await admin.bookings.list({
        limit: 7,
        cursor,
      });
      expect(page.total).toBe(30);
      expect(page.items.length).toBeLessThanOrEqual(7);
      seen.push(...page.items.map((b) => b.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(seen).toEqual(ids);
  });

  it("supports offset pages too", async () => {
    const page = await admin.bookings.list({ limit: 5, offset: 10 });
    expect(page.items.map((b) => b.id)).toEqual(ids.slice(10, 15));
    expect(page.nextCursor).toBe(ids[14]);
  });

  it.each(BOOKING_STATUSES)("filters by status %s on the server", async (status) => {
    const page = await admin.bookings.list({ status, limit: 200 });
    const expected = ids.filter((id) => statusOf.get(id) === status);
    expect(page.items.map((b) => b.id)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it.each([
    ["a name in another case", "aLiCe", (p: (typeof PEOPLE)[number]) => /alice/i.test(p.name + p.email)],
    ["an e-mail fragment", "BOB.JONES@", (p: (typeof PEOPLE)[number]) => p.email.startsWith("bob.jones@")],
    ["a phone fragment", "0199", (p: (typeof PEOPLE)[number]) => p.phone.includes("0199")],
    ["a domain", "@studio.test", (p: (typeof PEOPLE)[number]) => p.email.endsWith("@studio.test")],
  ])("searches name, e-mail and phone for %s", async (_label, search, matches) => {
    const page = await admin.bookings.list({ search, limit: 200 });
    const expectedPeople = PEOPLE.filter(matches).map((p) => p.email);
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.every((b) => expectedPeople.includes(b.email))).toBe(true);
    expect(page.total).toBe(ids.length * (expectedPeople.length / PEOPLE.length));
  });

  it("combines search with status and pagination", async () => {
    const all = await admin.bookings.list({ search: "alice", status: "pending", limit: 200 });
    const first = await admin.bookings.list({ search: "alice", status: "pending", limit: 1 });
    expect(first.total).toBe(all.total);
    expect(first.items[0]?.id).toBe(all.items[0]?.id);
    expect(all.items.every((b) => b.status === "pending" && /alice/i.test(b.name + b.email))).toBe(true);
  });

  it.each([
    ["a search", { search: "example" }],
    ["a search and a status", { search: "alice", status: "confirmed" as const }],
    ["a short search and a status", { search: "55", status: "pending" as const }],
  ])("pages through %s with the cursor and with offsets, each booking once", async (_label, filter) => {
    const all = await admin.bookings.list({ ...filter, limit: 200 });
    expect(all.total).toBeGreaterThan(2);
    const byCursor: number[] = [];
    let cursor: number | null = null;
    do {
      const page = await admin.bookings.list({ ...filter, limit: 2, cursor });
      expect(page.total).toBe(all.total);
      byCursor.push(...page.items.map((b) => b.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(byCursor).toEqual(all.items.map((b) => b.id));
    const second = await admin.bookings.list({ ...filter, limit: 2, offset: 2 });
    expect(second.items.map((b) => b.id)).toEqual(byCursor.slice(2, 4));
  });

  it("finds nothing for an unknown text; odd characters are safe", async () => {
    expect(await admin.bookings.list({ search: "nobody-by-this-name" })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
    // LIKE wildcards typed in a search match literally; nothing typed breaks the query.
    // Nor do FTS5 query operators or quotes (SQLite's trigram index gets the text as one literal phrase).
    const typed = ["100%", "%", "_", "eve_x", '\'; DROP TABLE "Booking"; --', '"', '"alice"', 'al"ice'];
    typed.push("alice OR bob", "NEAR(alice bob)", "ali*", "name:alice", "-alice", "{name}: bob");
    for (const search of typed) {
      const page = await admin.bookings.list({ search, limit: 200 });
      expect(page.total).toBe(page.items.length);
      for (const b of page.items)
        expect([b.name, b.email, b.phone].some((f) => f.toLowerCase().includes(search))).toBe(true);
    }
    const percent = await admin.bookings.list({ search: "100%", limit: 200 });
    expect(percent.items.some((b) => b.name === "Eve 100% Real")).toBe(true);
  });

  it("validates limit (1..200) and status", async () => {
    expect((await failure(admin.bookings.list({ limit: 0 }))).code).toBe("BAD_REQUEST");
    expect((await failure(admin.bookings.list({ limit: 201 }))).message).toBe(
      "limit must be a whole number from 1 to 200",
    );
    expect((await admin.bookings.list({ limit: 200 })).items).toHaveLength(30);
    expect((await failure(admin.bookings.list({ status: "lost" as BookingStatus }))).message).toBe(
      MESSAGES.booking.statusInvalid,
    );
  });

  it("carries service_title, null once the service is gone", async () => {
    const page = await admin.bookings.list({ limit: 200 });
    const orphan = page.items.find((b) => b.id === ids[ids.length - 4]);
    expect(orphan).toMatchObject({ service_id: null, service_title: null });
    expect(page.items.filter((b) => b.service_title === "Portrait Session")).toHaveLength(29);
    expect(goneServiceId).toBeGreaterThan(0);
  });

  it("hands admins a signed link for a proof and null without one", async () => {
    const page = await admin.bookings.list({ limit: 200 });
    const withProof = page.items.filter((b) => b.image !== null);
    expect(withProof).toHaveLength(1);
    expect(withProof[0]?.image).toMatch(/^\/uploads\/private\/[0-9a-f-]{36}\.pdf\?expires=\d+&sig=/);
  });

  it("listChunk writes the same bookings as the list, as JSON text, in bigger pages without a count", async () => {
    const page = await admin.bookings.list({ limit: 200 });
    const chunk = await admin.bookings.listChunk({ limit: 1000 });
    const items = JSON.parse(`[${chunk.parts.join("")}]`);
    expect(items).toEqual(page.items);
    expect(Object.keys(items[0])).toEqual(Object.keys(page.items[0] ?? {}));
    expect(items.find((b: { id: number }) => b.id === ids[ids.length - 3]).message).toBe(TRICKY_MESSAGE);
    expect(items.find((b: { id: number }) => b.id === ids[ids.length - 2]).image).toMatch(
      /\?expires=\d+&sig=/,
    );
    expect(chunk.nextCursor).toBeNull();
    expect((await failure(admin.bookings.listChunk({ limit: 10_001 }))).code).toBe("BAD_REQUEST");
  });

  it("listChunk pages by cursor and filters like the list", async () => {
    const idsOf = (parts: string[]) =>
      (JSON.parse(`[${parts.join("")}]`) as { id: number }[]).map((b) => b.id);
    const part = await admin.bookings.listChunk({ limit: 10, cursor: ids[9] });
    expect(idsOf(part.parts)).toEqual(ids.slice(10, 20));
    expect(part.nextCursor).toBe(ids[19]);
    const last = await admin.bookings.listChunk({ limit: 10, cursor: ids[19] });
    expect(idsOf(last.parts)).toEqual(ids.slice(20, 30));
    const none = await admin.bookings.listChunk({ limit: 10, cursor: last.nextCursor });
    expect(none).toEqual({ parts: [], nextCursor: null });
    const filter = { status: "pending", search: "alice" } as const;
    const filtered = await admin.bookings.listChunk({ ...filter, limit: 1000 });
    const listed = await admin.bookings.list({ ...filter, limit: 200 });
    expect(listed.items.length).toBeGreaterThan(0);
    expect(JSON.parse(`[${filtered.parts.join("")}]`)).toEqual(listed.items);
  });

  it("chunkFloors finds where the next chunks end, by filter, and fewer once the bookings end", async () => {
    expect((await admin.bookings.chunkFloors({ cursor: ids[1], limit: 4, count: 3 })).floors).toEqual([
      ids[5],
      ids[9],
      ids[13],
    ]);
    const every = (list: number[], n: number) => list.filter((_, i) => (i + 1) % n === 0);
    expect((await admin.bookings.chunkFloors({ cursor: ids[19], limit: 4, count: 8 })).floors).toEqual(
      every(ids.slice(20), 4),
    );
    expect((await admin.bookings.chunkFloors({ limit: 50, count: 8 })).floors).toEqual([]);
    for (const filter of [
      { status: "pending" },
      { search: "alice" },
      { status: "confirmed", search: "555" },
    ] as const) {
      const listed = (await admin.bookings.list({ ...filter, limit: 200 })).items.map((b) => b.id);
      expect(listed.length, JSON.stringify(filter)).toBeGreaterThan(2);
      expect((await admin.bookings.chunkFloors({ ...filter, limit: 2, count: 64 })).floors).toEqual(
        every(listed, 2),
      );
    }
    expect((await failure(admin.bookings.chunkFloors({ limit: 10, count: 0 }))).code).toBe("BAD_REQUEST");
    expect((await failure(admin.bookings.chunkFloors({ limit: 10, count: 65 }))).code).toBe("BAD_REQUEST");
  });

  it("a chunk with a floor holds exactly its range, in the list and the CSV export", async () => {
    const idsOf = (parts: string[]) =>
      (JSON.parse(`[${parts.join("")}]`) as { id: number }[]).map((b) => b.id);
    const range = await admin.bookings.listChunk({ cursor: ids[5], floor: ids[9], limit: 4 });
    expect(idsOf(range.parts)).toEqual(ids.slice(6, 10));
    expect(range.nextCursor).toBeNull();
    // A range is its bounds, not a count: the limit only caps it.
    expect(
      idsOf((await admin.bookings.listChunk({ cursor: ids[5], floor: ids[7], limit: 4 })).parts),
    ).toEqual(ids.slice(6, 8));
    const csv = await admin.bookings.exportCsvChunk({ cursor: ids[5], floor: ids[9], limit: 4 });
    expect(
      csv.csv
        .trimEnd()
        .split("\r\n")
        .map((line) => Number(line.split(",")[0])),
    ).toEqual(ids.slice(6, 10));
    expect(csv.nextCursor).toBeNull();
  });
});

describe("CSV export", () => {
  it("escapes cells per RFC 4180 and defuses formulas", async () => {
    // Written straight to the table: the export must hold whatever a row holds, not only what forms allow.
    const cells: [stored: string, exported: string][] = [
      ["plain", "plain"],
      ["a,b", '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ["two\nlines", '"two\nlines"'],
      ["carriage\rreturn", '"carriage\rreturn"'],
      ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
      // A phone number in international form stays as it is; anything else after a "+" is defused.
      ["+1 555 0101", "+1 555 0101"],
      ["+44 20 7946 0958", "+44 20 7946 0958"],
      ["+1 (555) 010-2040", "+1 (555) 010-2040"],
      ["+1+cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0"],
      ["+1 555 0101 ext. 2", "'+1 555 0101 ext. 2"],
      ["+1 555\t0101", "'+1 555\t0101"],
      ["+SUM(1)", "'+SUM(1)"],
      ["+ 1 555", "'+ 1 555"],
      ["+", "'+"],
      ["-2+3", "'-2+3"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tcmd", "'\tcmd"],
      ["\rcmd", '"\'\rcmd"'],
      ["ünïcödé, 東京", '"ünïcödé, 東京"'],
      ["", ""],
    ];
    const ids: number[] = [];
    for (const [i, [stored]] of cells.entries()) {
      const booking = await h.deps.db.booking.create({
        data: { name: stored, email: `cell${i}@csv.test`, phone: "555", date: "2030-05-01", time: "09:00" },
      });
      ids.push(booking.id);
    }
    const csv = (await admin.bookings.exportCsv({ search: "@csv.test" })).csv;
    for (const [i, [stored, exported]] of cells.entries()) {
      expect(csv, JSON.stringify(stored)).toContain(`\r\n${ids[i]},${exported},cell${i}@csv.test,555,,,`);
    }
    // A message left empty (null) is an empty cell, and a booking without a proof says so.
    expect(csv).toContain(`\r\n${ids[0]},plain,cell0@csv.test,555,,,2030-05-01,09:00,pending,,no,`);
    await h.deps.db.booking.deleteMany({ where: { id: { in: ids } } });
  });

  it("exports the filtered bookings with a header row", async () => {
    const all = await admin.bookings.exportCsv({});
    expect(all.filename).toBe("bookings-2030-01-15.csv");
    const lines = all.csv.split("\r\n");
    expect(lines[0]).toBe(
      "id,name,email,phone,service_id,service_title,date,time,status,message,has_proof,created_at",
    );
    expect(lines.at(-1)).toBe("");
    // 30 rows + header + trailing empty; one message holds an embedded newline inside quotes.
    expect(all.csv.match(/\r\n/g)).toHaveLength(31);
    expect(all.csv).toContain('"Line one, ""quoted""\nline two"');
    expect(all.csv).toContain(",+1 555 0101,");
    expect(lines.filter((l) => l.includes(",yes,"))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(",no,"))).toHaveLength(29);

    const pending = await admin.bookings.exportCsv({ status: "pending", search: "ALICE" });
    expect(pending.filename).toBe("bookings-pending-2030-01-15.csv");
    const rows = pending.csv.trimEnd().split("\r\n").slice(1);
    const expected = await admin.bookings.list({ status: "pending", search: "alice", limit: 200 });
    expect(rows.map((r) => Number(r.split(",")[0]))).toEqual(expected.items.map((b) => b.id));
  });

  it("exports a customer's formula as inert text", async () => {
    const created = await h.caller().bookings.create({
      name: '=HYPERLINK("http://evil.example","click")',
      email: "formula@example.test",
      phone: "+1 555 0100",
      service_id: (await h.deps.db.service.findFirstOrThrow()).id,
      date: "2030-04-01",
      time: "09:00",
    });
    const csv = (await admin.bookings.exportCsv({ search: "formula@" })).csv;
    const row = csv.split("\r\n")[1];
    expect(row).toBe(
      `${created.booking.id},"'=HYPERLINK(""http://evil.example"",""click"")",formula@example.test,+1 555 0100,` +
        `${created.booking.service_id},Portrait Session,2030-04-01,09:00,pending,,no,${created.booking.created_at}`,
    );
  });
});

describe("CSV export: formulas in other forms", () => {
  it("defuses full-width formula signs and quotes a cell holding a semicolon (where it separates cells)", async () => {
    const cells: [stored: string, exported: string][] = [
      ["＝HYPERLINK(1)", "'＝HYPERLINK(1)"],
      ["＋1", "'＋1"],
      ["－1", "'－1"],
      ["＠SUM(A1)", "'＠SUM(A1)"],
      [";=1+1", '";=1+1"'],
      ["a;=HYPERLINK(1)", '"a;=HYPERLINK(1)"'],
      ["x;y", '"x;y"'],
    ];
    const ids: number[] = [];
    for (const [i, [stored]] of cells.entries()) {
      const booking = await h.deps.db.booking.create({
        data: { name: stored, email: `wide${i}@csv.test`, phone: "555", date: "2030-05-02", time: "09:00" },
      });
      ids.push(booking.id);
    }
    const csv = (await admin.bookings.exportCsv({ search: "@csv.test" })).csv;
    for (const [i, [stored, exported]] of cells.entries()) {
      expect(csv, JSON.stringify(stored)).toContain(`\r\n${ids[i]},${exported},wide${i}@csv.test,555,,,`);
    }
    await h.deps.db.booking.deleteMany({ where: { id: { in: ids } } });
  });
});

describe("search index", () => {
  it("follows bookings written behind the domain: inserted, renamed, deleted", async () => {
    const db = h.deps.db;
    const searchTotal = async (search: string) => (await admin.bookings.list({ search })).total;
    const booking = await db.booking.create({
      data: {
        name: "Zebulon Quax",
        email: "zq@far.test",
        phone: "+44 7000 9911",
        date: "2030-04-01",
        time: "09:00",
      },
    });
    expect(await searchTotal("bulon qu")).toBe(1);
    expect(await searchTotal("ZQ@FAR")).toBe(1);
    expect(await searchTotal("7000 99")).toBe(1);

    await db.booking.update({
      where: { id: booking.id },
      data: { name: "Yolanda Quix", phone: "+44 7000 1234" },
    });
    expect(await searchTotal("bulon q")).toBe(0);
    expect(await searchTotal("7000 9")).toBe(0);
    expect(await searchTotal("olanda qu")).toBe(1);
    expect(await searchTotal("zq@fa")).toBe(1);

    await db.booking.delete({ where: { id: booking.id } });
    expect(await searchTotal("olanda q")).toBe(0);
    expect(await searchTotal("zq@f")).toBe(0);
    if (h.deps.provider === "sqlite") {
      // FTS5 compares its index with the Booking rows it was built from; a drift raises SQLITE_CORRUPT_VTAB.
      await db.$executeRawUnsafe(
        `INSERT INTO "BookingSearch" ("BookingSearch", "rank") VALUES ('integrity-check', 1)`,
      );
    }
  });

  it("finds one- and two-character fragments too, which no trigram holds", async () => {
    const all = await admin.bookings.list({ limit: 200 });
    for (const search of ["x", "Ev", "44", "@"]) {
      const expected = all.items.filter((b) =>
        [b.name, b.email, b.phone].some((f) => f.toLowerCase().includes(search.toLowerCase())),
      );
      const page = await admin.bookings.list({ search, limit: 200 });
      expect(page.items.map((b) => b.id)).toEqual(expected.map((b) => b.id));
      expect(page.total).toBe(expected.length);
    }
  });

  it.each([
    ["a search", { search: "example" }],
    ["a search and a status", { search: "alice", status: "confirmed" as const }],
    ["a short search", { search: "55" }],
  ])("pages %s the same from all its matches read at once as by walking the index", async (_l, filter) => {
    const everything = (await admin.bookings.list({ limit: 200 })).items;
    const expected = everything
      .filter((b) => !("status" in filter) || b.status === filter.status)
      .filter((b) => [b.name, b.email, b.phone].some((f) => f.toLowerCase().includes(filter.search)))
      .map((b) => b.id);
    const pages = async (fewMatches: number) => {
      const deps = h.deps;
      const seen: number[] = [];
      let cursor: number | null = null;
      do {
        const page = await readBookingRows(deps, { ...filter, limit: 2, cursor, fewMatches });
        expect(page.total).toBe(expected.length);
        seen.push(...page.rows.map((r) => r[0]));
        cursor = page.nextCursor;
      } while (cursor !== null);
      const offset = await readBookingRows(deps, { ...filter, limit: 2, offset: 2, fewMatches });
      expect(offset.rows.map((r) => r[0])).toEqual(seen.slice(2, 4));
      return seen;
    };
    expect(expected.length).toBeGreaterThan(2);
    expect(await pages(1_000)).toEqual(expected);
    expect(await pages(0)).toEqual(expected);
    // Exactly as many matches as the limit still reads them at once; one more walks the index.
    expect(await pages(expected.length)).toEqual(expected);
    expect(await pages(expected.length - 1)).toEqual(expected);
  });
});

describe("long searches on PostgreSQL (rare-fragment.ts)", () => {
  const rowsOf = async (search: string, window: string | null) => {
    const source = bookingSource(h.deps.provider, { search }, window);
    const rows = await h.deps.db.$queryRaw<{ id: number | bigint }[]>`
      SELECT ${source.id} AS "id" FROM ${source.from} WHERE ${Prisma.join(source.where, " AND ")}`;
    return rows.map((r) => Number(r.id)).sort((a, b) => b - a);
  };
  const holding = (items: { id: number; name: string; email: string; phone: string }[], search: string) =>
    items
      .filter((b) => [b.name, b.email, b.phone].some((f) => f.toLowerCase().includes(search.toLowerCase())))
      .map((b) => b.id);

  it("checks the whole search on the rows the index finds for a part of it", async () => {
    const everything = (await admin.bookings.list({ limit: 200 })).items;
    // "xample" alone is in most e-mails; only Bob's hold the whole search.
    const search = "bob.jones@example";
    expect(await rowsOf(search, "xample")).toEqual(holding(everything, search));
    expect(holding(everything, search).length).toBeGreaterThan(0);
    expect(holding(everything, "xample").length).toBeGreaterThan(holding(everything, search).length);
  });

  it("finds every booking holding a long search, whichever part the index is asked for", async () => {
    const everything = (await admin.bookings.list({ limit: 200 })).items;
    const searches = ["Carla ALICEA", "dmitri@example.test", "alice@EXAMPLE", "Eve 100% Real", "+1 555 0101"];
    for (const search of searches) {
      const expected = holding(everything, search);
      expect(expected.length).toBeGreaterThan(0);
      const window = await indexWindow(h.deps, search);
      if (h.deps.provider === "postgresql") expect(search).toContain(window ?? "");
      else expect(window).toBeNull();
      expect(await rowsOf(search, window)).toEqual(expected);
      const page = await admin.bookings.list({ search, limit: 200 });
      expect(page.items.map((b) => b.id)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
  });

  it("never matches a search across two fields, though the index holds them as one text", async () => {
    // "Bob Jones bob.jones@example.test 555-0199" holds "jones bob" and "test 555", no single field does.
    for (const search of ["Jones bob", "test 555", "Jones bob.jones@example.test 555"]) {
      expect(await rowsOf(search, null)).toEqual([]);
      const page = await admin.bookings.list({ search, limit: 200 });
      expect(page.items).toEqual([]);
      expect(page.total).toBe(0);
    }
    expect((await admin.bookings.list({ search: "Jones", limit: 200 })).total).toBeGreaterThan(0);
  });

  it("on PostgreSQL, reads one trigram index over name, e-mail and phone together", async () => {
    if (h.deps.provider !== "postgresql") return;
    const indexes = await h.deps.db.$queryRawUnsafe<{ name: string }[]>(
      `SELECT indexname::text AS "name" FROM pg_indexes WHERE tablename = 'Booking' AND indexdef LIKE '%gin_trgm_ops%'`,
    );
    expect(indexes.map((i) => i.name)).toEqual(["Booking_search_trgm_idx"]);
    const source = bookingSource(h.deps.provider, { search: "dmitri@example.test" }, "dmitri");
    // The table is small; without sequential scans the planner shows whether the index can serve the search.
    await h.deps.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      const plan = await tx.$queryRaw<{ "QUERY PLAN": string }[]>`
        EXPLAIN SELECT ${source.id} FROM ${source.from} WHERE ${Prisma.join(source.where, " AND ")}`;
      expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("Booking_search_trgm_idx");
    });
  });
});
