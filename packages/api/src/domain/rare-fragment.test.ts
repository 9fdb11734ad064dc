import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  indexWindow,
  rarestWindow,
  sampleRows,
  searchedText,
  trigramShares,
  trigramsOf,
  WINDOW,
} from "./bookings/rare-fragment";
import { createHarness, type Harness } from "../testing/harness";

describe("trigramsOf", () => {
  it("forms trigrams inside words only, in lower case, letters and digits of any script", () => {
    expect([...trigramsOf("Ann-Marie")]).toEqual(["ann", "mar", "ari", "rie"]);
    expect([...trigramsOf("jo@x.io")]).toEqual([]);
    expect([...trigramsOf("Zoë 東京都")]).toEqual(["zoë", "東京都"]);
    expect([...trigramsOf("+1 555 0123")]).toEqual(["555", "012", "123"]);
  });
});

describe("trigramShares", () => {
  it("gives each trigram's share of the rows whose searched text holds it, counting a row once", () => {
    const rows = [
      { name: "Anna Annan", email: "anna@x.test", phone: "555 0101" },
      { name: "Bob", email: "bob@x.test", phone: "555 0202" },
    ];
    expect(searchedText(rows[0]!)).toBe("Anna Annan anna@x.test 555 0101");
    const shares = trigramShares(rows);
    // "ann" is in Anna's name and e-mail: one row of two.
    expect(shares.get("ann")).toBe(0.5);
    expect(shares.get("bob")).toBe(0.5);
    expect(shares.get("tes")).toBe(1);
    expect(shares.get("555")).toBe(1);
    expect(shares.get("010")).toBe(0.5);
  });
});

describe("rarestWindow", () => {
  const shares = trigramShares(
    Array.from({ length: 100 }, (_, i) => ({
      name: `Customer ${i}`,
      email: `customer${i}@example.test`,
      phone: `+1 555 ${i}`,
    })),
  );

  it("asks the index for the part of a long search whose trigrams are rarest", () => {
    // Every e-mail holds "cus", "ust", …, "exa", "xam", …; no sampled one "123", "234", "345" or "457".
    expect(rarestWindow("customer123457@example", shares)).toBe("123457");
    const common = (pairs: [string, number][]) => new Map(pairs);
    // Unseen "er1" and "r12" beat "mer"; the window with both leaves fewer rows to check.
    expect(
      rarestWindow(
        "mer12@examp",
        common([
          ["mer", 0.5],
          ["exa", 0.9],
          ["xam", 0.9],
        ]),
      ),
    ).toBe("er12@e");
    // Lists read and rows checked: one list of 10% beats two (more to read, as many rows to check).
    const shares2 = common([
      ["mer", 0.5],
      ["er1", 0.5],
      ["r12", 0.5],
      ["exa", 0.1],
      ["xam", 0.1],
      ["amp", 0.1],
    ]);
    expect(rarestWindow("mer12@examp", shares2)).toBe("12@exa");
  });

  it("leaves a search no longer than a window whole", () => {
    expect(rarestWindow("r12345", shares)).toBeNull();
    expect([..."r12345"].length).toBe(WINDOW);
    expect(rarestWindow("東京都東京都", shares)).toBeNull();
  });

  it("counts characters, not UTF-16 units, and never picks a window without a trigram", () => {
    expect(rarestWindow("🎞️🎞️🎞️ abc", new Map())).toBe("🎞️ abc");
    expect(rarestWindow("@@..--@@..--", new Map())).toBeNull();
  });
});

describe("the estimate, on the database the suite runs on", () => {
  let h: Harness;
  const TOTAL = 6_000;
  beforeAll(async () => {
    h = await createHarness();
    await h.deps.db.booking.createMany({
      data: Array.from({ length: TOTAL }, (_, i) => ({
        name: `Customer ${i}`,
        email: `customer${i}@example.test`,
        phone: `+1 555 ${i}`,
        date: "2030-03-01",
        time: "09:00",
      })),
    });
    await h.deps.db.$executeRawUnsafe(h.deps.provider === "postgresql" ? 'ANALYZE "Booking"' : "ANALYZE");
  });
  afterAll(() => h.close());

  it("asks PostgreSQL's index for the rarest window of a long search, and leaves SQLite's whole", async () => {
    const search = "customer4321@example";
    const window = await indexWindow(h.deps, `  ${search}  `);
    if (h.deps.provider === "postgresql") {
      // Every booking's text holds "customer" and "example": the window avoids their trigrams.
      const everywhere = new Set([...trigramsOf("customer"), ...trigramsOf("example")]);
      expect(window).not.toBeNull();
      expect(search).toContain(window ?? "");
      expect([...(window ?? "")].length).toBe(WINDOW);
      expect([...trigramsOf(window ?? "")].filter((t) => everywhere.has(t))).toEqual([]);
    } else {
      expect(window).toBeNull();
    }
    expect(await indexWindow(h.deps, "r4321@")).toBeNull();
  });

  it("reads PostgreSQL's sample from random pages of a large table (SQLite has no such statement)", async () => {
    if (h.deps.provider !== "postgresql") {
      // SQLite's FTS5 index needs no estimate; the statement is PostgreSQL's own.
      await expect(sampleRows(h.deps.db)).rejects.toThrow();
      return;
    }
    const rows = await sampleRows(h.deps.db);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(TOTAL);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(["email", "name", "phone"]);
  });
});
