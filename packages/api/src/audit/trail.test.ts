import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { listAudit } from "./trail";

let h: Harness;

/** 25 entries: five per instant (equal times must page without loss or repeat), instants a day apart. */
beforeAll(async () => {
  h = await createHarness();
  for (let i = 0; i < 25; i++) {
    await h.deps.db.auditEntry.create({
      data: {
        createdAt: new Date(Date.UTC(2030, 0, 1 + Math.floor(i / 5), 12)),
        actorId: i % 2 ? 7 : 8,
        actorName: i % 2 ? "Odd" : "Even",
        entity: i % 3 ? "booking" : "closure",
        entityId: String(i),
        action: "created",
      },
    });
  }
});
afterAll(async () => {
  await h.close();
});

async function all(input: Parameters<typeof listAudit>[1]) {
  const seen: string[] = [];
  let cursor: number | undefined;
  do {
    const page = await listAudit(h.deps, { ...input, cursor });
    seen.push(...page.items.map((e) => e.entity_id ?? ""));
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
  return seen;
}

describe("listAudit", () => {
  it("pages newest first by time, then id, with no entry lost or repeated", async () => {
    const seen = await all({ limit: 3 });
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => String(24 - i)));
  });

  it("pages every filter and the date range (inclusive days) the same way", async () => {
    const odd = await all({ limit: 2, actorId: 7 });
    expect(odd).toEqual(
      Array.from({ length: 25 }, (_, i) => 24 - i)
        .filter((i) => i % 2)
        .map(String),
    );
    const closures = await all({ limit: 2, entity: "closure" });
    expect(closures).toEqual(["24", "21", "18", "15", "12", "9", "6", "3", "0"]);
    const days = await all({ limit: 4, from: "2030-01-02", to: "2030-01-03" });
    expect(days).toEqual(["14", "13", "12", "11", "10", "9", "8", "7", "6", "5"]);
    const both = await all({ limit: 1, actorId: 8, entity: "closure", from: "2030-01-04" });
    expect(both).toEqual(["24", "18"]);
  });

  it("answers each entry with its time, admin and the record before and after", async () => {
    const entry = await h.deps.db.auditEntry.create({
      data: {
        createdAt: new Date("2030-02-01T08:30:00.000Z"),
        actorId: 9,
        actorName: "Nine",
        entity: "hours",
        entityId: "1",
        action: "updated",
        before: { sunday: "09:00-17:00", note: 'it\'s "quoted"' },
        after: { sunday: "closed" },
      },
    });
    const page = await listAudit(h.deps, { limit: 1, actorId: 9 });
    expect(page).toEqual({
      items: [
        {
          id: entry.id,
          created_at: "2030-02-01T08:30:00.000Z",
          actor_id: 9,
          actor_name: "Nine",
          api_key_id: null,
          entity: "hours",
          entity_id: "1",
          action: "updated",
          before: { sunday: "09:00-17:00", note: 'it\'s "quoted"' },
          after: { sunday: "closed" },
        },
      ],
      next_cursor: null,
    });
    expect((await listAudit(h.deps, { limit: 5, cursor: 2_000_000 })).items).toEqual([]);
  });
});
