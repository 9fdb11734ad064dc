/**
 * The held units availability is judged on (bookings/held-units.ts), on SQLite and PostgreSQL: what a read answers
 * is what the holds say, whether it is asked alone or in a burst (on PostgreSQL a burst goes as at most two
 * statements), with or without a threshold, and without the holds of a booking being rescheduled. A full unit is
 * found by a seat above the threshold (held-units.ts), so units whose seats have gaps (a cancelled first seat) are
 * checked too, against holds with random seats.
 */
import { observeQueries } from "@studio/db";
import { CREW_RESOURCE, DEFAULT_SCHEDULE, type ScheduleUpdateInput } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HeldUnitsQuery, type HeldUnitsRow, readHeldUnits } from "./bookings/held-units";
import { bookingInput, createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";
import { seededRandom } from "../testing/random";

/** 12:00 on Tuesday 2030-01-15 in the studio's zone. */
const NOW = new Date("2030-01-15T20:00:00Z");
const DAYS = ["2030-03-04", "2030-03-05", "2030-03-06", "2030-03-09"];

let h: Harness;
let drone = "";
let droneBooking = 0;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(NOW);
  const admin = (await h.admin()).caller;
  await admin.schedule.update({ ...DEFAULT_SCHEDULE, capacity: 2 } as ScheduleUpdateInput);
  const kit = await admin.equipment.create({ name: "Drone kit (held units)", count: 1 });
  drone = `equipment:${kit.id}`;
  const service = async (title: string, minutes: number, after = 0) =>
    (await createTestService(h.deps.db, { title, durationMinutes: minutes, bufferAfterMinutes: after })).id;
  const aerial = await service("Aerial (held units)", 120, 30);
  await admin.equipment.setForService({
    service_id: aerial,
    equipment: [{ equipment_id: kit.id, quantity: 1 }],
  });
  const portrait = await service("Portrait (held units)", 60);
  const book = async (serviceId: number, date: string, time: string) =>
    (await h.caller().bookings.create(bookingInput(serviceId, date, time))).booking.id;
  // Both crews taken 10:00–11:00 on the first day; the drone and a crew 13:00–15:30 on the first three days.
  await book(portrait, DAYS[0]!, "10:00");
  await book(portrait, DAYS[0]!, "10:00");
  droneBooking = await book(aerial, DAYS[0]!, "13:00");
  await book(aerial, DAYS[1]!, "13:00");
  await book(aerial, DAYS[2]!, "13:00");
  await book(portrait, DAYS[3]!, "09:00");
});
afterAll(async () => {
  await h.close();
});

/** What the holds say, counted here: per resource, its units held more than `over` times. */
async function expected(query: HeldUnitsQuery): Promise<Map<string, string[]>> {
  const rows = await h.deps.db.resourceHold.findMany({
    where: {
      resource: { in: query.asks.map((ask) => ask.resource) },
      unit: { gte: `${query.first} 00:00`, lte: `${query.last} 23:59` },
      ...(query.excludeBookingId === undefined ? {} : { bookingId: { not: query.excludeBookingId } }),
    },
  });
  const counts = new Map<string, number>();
  for (const row of rows)
    counts.set(`${row.resource}|${row.unit}`, (counts.get(`${row.resource}|${row.unit}`) ?? 0) + 1);
  const answer = new Map<string, string[]>();
  for (const [key, n] of counts) {
    const [resource, unit] = key.split("|") as [string, string];
    const over = query.asks.find((ask) => ask.resource === resource)?.over ?? 0;
    if (n > over) answer.set(resource, [...(answer.get(resource) ?? []), `${unit}=${n}`].sort());
  }
  return answer;
}

const answered = (rows: HeldUnitsRow[]) =>
  new Map(rows.map((row) => [row.resource, row.units.split(",").sort()]));

const queries: HeldUnitsQuery[] = [
  // Every unit and its count (a day's starts).
  { asks: [{ resource: CREW_RESOURCE, over: -1 }], first: DAYS[0]!, last: DAYS[0]! },
  // Only the full units (a month view): both crews, or the one drone.
  { asks: [{ resource: CREW_RESOURCE, over: 1 }], first: DAYS[0]!, last: DAYS[3]! },
  {
    asks: [
      { resource: CREW_RESOURCE, over: 1 },
      { resource: drone, over: 0 },
    ],
    first: DAYS[0]!,
    last: DAYS[3]!,
  },
  { asks: [{ resource: drone, over: 0 }], first: DAYS[1]!, last: DAYS[2]! },
  // A range with nothing held.
  { asks: [{ resource: CREW_RESOURCE, over: -1 }], first: "2030-04-01", last: "2030-04-30" },
  // Seats wanted beyond what is free: a unit with one crew held counts for a session needing both.
  { asks: [{ resource: CREW_RESOURCE, over: 0 }], first: DAYS[3]!, last: DAYS[3]! },
];

describe("held units", () => {
  it("answer what the holds say, asked one at a time", async () => {
    for (const query of queries) {
      expect(answered(await readHeldUnits(h.deps.db, query))).toEqual(await expected(query));
    }
    // The fixtures do what the cases need: full units, a unit held once, and nothing.
    expect((await expected(queries[1]!)).get(CREW_RESOURCE)).toEqual([
      "2030-03-04 10:00=2",
      "2030-03-04 10:30=2",
    ]);
    expect((await expected(queries[5]!)).get(CREW_RESOURCE)).toEqual([
      "2030-03-09 09:00=1",
      "2030-03-09 09:30=1",
    ]);
    expect((await expected(queries[4]!)).size).toBe(0);
  });

  it("answer each read of a burst as if alone; on PostgreSQL the burst is at most two statements", async () => {
    let statements = 0;
    observeQueries(() => {
      statements += 1;
    });
    let burst: HeldUnitsRow[][];
    try {
      burst = await Promise.all([...queries, ...queries].map((query) => readHeldUnits(h.deps.db, query)));
    } finally {
      observeQueries(null);
    }
    for (const [i, rows] of burst.entries()) {
      expect(answered(rows)).toEqual(await expected(queries[i % queries.length]!));
    }
    if (h.deps.provider === "postgresql") expect(statements).toBe(2);
    else expect(statements).toBe(queries.length * 2);
  });

  it("leave out the holds of the booking being rescheduled, alone or beside a burst", async () => {
    const query: HeldUnitsQuery = {
      asks: [
        { resource: CREW_RESOURCE, over: -1 },
        { resource: drone, over: -1 },
      ],
      first: DAYS[0]!,
      last: DAYS[0]!,
      excludeBookingId: droneBooking,
    };
    const [alone, withBurst] = await Promise.all([
      readHeldUnits(h.deps.db, query),
      readHeldUnits(h.deps.db, { ...query, excludeBookingId: undefined }),
    ]);
    expect(answered(alone)).toEqual(await expected(query));
    expect(answered(alone).has(drone)).toBe(false);
    expect(answered(withBurst).get(drone)).toHaveLength(5); // 13:00–15:30: the session and its buffer
  });

  it("count a unit whose first seat was freed by a cancellation as held once, not full", async () => {
    const admin = (await h.admin()).caller;
    const portrait = (await createTestService(h.deps.db, { title: "Gap (held units)", durationMinutes: 60 }))
      .id;
    const book = async () =>
      (await h.caller().bookings.create(bookingInput(portrait, "2030-03-11", "11:00"))).booking.id;
    const first = await book();
    const second = await book();
    await admin.bookings.setStatus({ id: first, status: "cancelled" });
    const seats = await h.deps.db.resourceHold.findMany({
      where: { bookingId: second, resource: CREW_RESOURCE },
    });
    expect(seats.map((hold) => hold.seat)).toEqual([2, 2]);
    const day = { first: "2030-03-11", last: "2030-03-11" };
    const full = { asks: [{ resource: CREW_RESOURCE, over: 1 }], ...day };
    const every = { asks: [{ resource: CREW_RESOURCE, over: -1 }], ...day };
    expect(answered(await readHeldUnits(h.deps.db, full)).size).toBe(0);
    expect(answered(await readHeldUnits(h.deps.db, every)).get(CREW_RESOURCE)).toEqual([
      "2030-03-11 11:00=1",
      "2030-03-11 11:30=1",
    ]);
    // Full again once a second crew is booked (the freed first seat).
    await book();
    expect(answered(await readHeldUnits(h.deps.db, full)).get(CREW_RESOURCE)).toEqual([
      "2030-03-11 11:00=2",
      "2030-03-11 11:30=2",
    ]);
  });

  it("answer what holds with random seats say, at every threshold, with and without a booking left out", async () => {
    // Holds written as any writer could leave them: each unit's seats distinct, from 1 up, with gaps.
    const bookings = (await h.deps.db.booking.findMany({ select: { id: true }, take: 4 })).map((b) => b.id);
    const resources = ["test:random-a", "test:random-b"];
    const random = seededRandom(27);
    const rows: { resource: string; unit: string; seat: number; bookingId: number }[] = [];
    for (const resource of resources) {
      for (const date of ["2030-05-01", "2030-05-02"]) {
        for (let unit = 0; unit < 48; unit += 1 + random(3)) {
          const clock = `${String(Math.floor(unit / 2)).padStart(2, "0")}:${unit % 2 ? "30" : "00"}`;
          for (let seat = 1; seat <= 4; seat++) {
            if (random(2) === 0)
              rows.push({
                resource,
                unit: `${date} ${clock}`,
                seat,
                bookingId: bookings[random(bookings.length)]!,
              });
          }
        }
      }
    }
    await h.deps.db.resourceHold.createMany({ data: rows });
    try {
      for (const over of [-1, 0, 1, 2, 3]) {
        for (const excludeBookingId of [undefined, bookings[0]]) {
          const query: HeldUnitsQuery = {
            asks: resources.map((resource, i) => ({
              resource,
              over: i === 0 ? over : Math.min(over + 1, 3),
            })),
            first: "2030-05-01",
            last: "2030-05-02",
            excludeBookingId,
          };
          expect(answered(await readHeldUnits(h.deps.db, query))).toEqual(await expected(query));
        }
      }
      // The case that matters is there: units held fewer times than their highest seat.
      const counts = new Map<string, { n: number; top: number }>();
      for (const row of rows) {
        const key = `${row.resource}|${row.unit}`;
        const seen = counts.get(key) ?? { n: 0, top: 0 };
        counts.set(key, { n: seen.n + 1, top: Math.max(seen.top, row.seat) });
      }
      expect([...counts.values()].some(({ n, top }) => top > n && n >= 1)).toBe(true);
    } finally {
      await h.deps.db.resourceHold.deleteMany({ where: { resource: { in: resources } } });
    }
  });
});
