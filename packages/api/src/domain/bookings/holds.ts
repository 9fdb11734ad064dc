/**
 * What a session holds of the studio (validators, schemas/holds.ts): one of the crews (the schedule's capacity)
 * and the equipment its service needs, for every half-hour unit of its held range (session + buffers).
 *
 * A booking's holds are rows of ResourceHold, unique per (resource, unit, seat), written in the transaction that
 * writes or moves the booking. `planHolds` picks free seats from what is held: for a new booking, read where it is
 * written (`holdPlanner`, insert.ts); for a move, read first (`withHolds`). A concurrent writer that took a seat
 * first makes the write fail on the unique key, and the caller plans again. So N concurrent requests that
 * overlap a resource store at most its count of bookings, on SQLite and PostgreSQL, on one instance or several.
 */
import { type Db, directRead, type SqlValue } from "@studio/db";
import {
  CREW_RESOURCE,
  equipmentResource,
  type HeldRange,
  heldRange,
  heldRangeInWords,
  holdUnits,
  MESSAGES,
  minutesOfDay,
  SESSION_LENGTH,
  type SessionTiming,
} from "@studio/validators";
import type { Context } from "../../context";
import { AppError, isUniqueViolation } from "../../errors";

/** One resource a session needs: `quantity` of the `count` seats of `resource` in each held unit. */
export type HoldNeed = { resource: string; name: string; count: number; quantity: number };
export type HoldRow = { resource: string; unit: string; seat: number };

/** A service's session and the equipment it needs, as bookings judge it. */
export type SessionFacts = SessionTiming & { equipment: HoldNeed[] };

/** A plain hour: the session of a service that is gone (and of a booking written without one). */
export const DEFAULT_TIMING: SessionTiming = {
  durationMinutes: SESSION_LENGTH.defaultMinutes,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};

/**
 * Every service's timing and equipment, through the read cache (one entry: a studio has a few dozen services;
 * dropped by every service and equipment write). A service that is gone is judged as a plain hour.
 */
export async function sessionFacts(
  deps: Pick<Context, "db" | "cache">,
  serviceId: number | null | undefined,
): Promise<SessionFacts> {
  const all = await deps.cache.get("services", "session-facts", async () => {
    const rows = await deps.db.service.findMany({
      select: {
        id: true,
        durationMinutes: true,
        bufferBeforeMinutes: true,
        bufferAfterMinutes: true,
        durationDays: true,
        startEveryMinutes: true,
        equipment: {
          select: { quantity: true, equipment: { select: { id: true, name: true, count: true } } },
        },
      },
    });
    return new Map(
      rows.map((row) => [
        row.id,
        {
          durationMinutes: row.durationMinutes,
          bufferBeforeMinutes: row.bufferBeforeMinutes,
          bufferAfterMinutes: row.bufferAfterMinutes,
          durationDays: row.durationDays,
          startEveryMinutes: row.startEveryMinutes,
          equipment: row.equipment.map(({ quantity, equipment }) => ({
            resource: equipmentResource(equipment.id),
            name: equipment.name,
            count: equipment.count,
            quantity,
          })),
        } satisfies SessionFacts,
      ]),
    );
  });
  return (serviceId == null ? undefined : all.get(serviceId)) ?? { ...DEFAULT_TIMING, equipment: [] };
}

/** One crew, then the service's equipment. */
export function needsOf(facts: SessionFacts, crews: number): HoldNeed[] {
  return [{ resource: CREW_RESOURCE, name: "crew", count: crews, quantity: 1 }, ...facts.equipment];
}

/** The seats of the units that other bookings hold, per resource and unit. */
export type HeldSeats = Map<string, Set<number>>;
export const heldKey = (resource: string, unit: string) => `${resource}|${unit}`;

/** `?, ?, ?` for a list's values. */
export const marks = (values: readonly unknown[]) => values.map(() => "?").join(", ");

/** The statement that reads the holds of some resources in some units (another booking's only, when one is excluded). */
export function heldQuery(
  resources: readonly string[],
  units: readonly string[],
  excludeBookingId?: number,
): { text: string; params: SqlValue[] } {
  return {
    text: `SELECT "resource", "unit", "seat" FROM "ResourceHold" WHERE "resource" IN (${marks(resources)}) AND "unit" IN (${marks(units)})${
      excludeBookingId ? ` AND "bookingId" <> ?` : ""
    }`,
    params: [...resources, ...units, ...(excludeBookingId ? [excludeBookingId] : [])],
  };
}

/** The holds of some resources in some units (another booking's only, when one is excluded). */
export async function readHeld(
  db: Db,
  resources: readonly string[],
  units: readonly string[],
  excludeBookingId?: number,
): Promise<HeldSeats> {
  // Plain SQL: this read runs before a move's write, and Prisma's query compiler cost more than the statement
  // (ADR 011).
  const { text, params } = heldQuery(resources, units, excludeBookingId);
  return heldSeatsOf(await directRead<HoldRow>(db, text, params));
}

/** Hold rows as seats per resource and unit. */
export function heldSeatsOf(rows: readonly HoldRow[]): HeldSeats {
  const held: HeldSeats = new Map();
  for (const row of rows) holdSeat(held, row.resource, row.unit, Number(row.seat));
  return held;
}

function holdSeat(held: HeldSeats, resource: string, unit: string, seat: number): void {
  const key = heldKey(resource, unit);
  const seats = held.get(key);
  if (seats) seats.add(seat);
  else held.set(key, new Set([seat]));
}

/** The seats to take, or the first need (and the first unit, in order) that has none left. */
export type HoldPlan = { holds: HoldRow[] } | { short: HoldNeed; unit: string };

/**
 * The seats a session would take: the lowest free ones of each need in each unit. `held` null: nothing was read
 * (every need has one seat and wants it: the unique key alone decides, with no read first).
 */
export function planHolds(
  needs: readonly HoldNeed[],
  units: readonly string[],
  held: HeldSeats | null,
): HoldPlan {
  const holds: HoldRow[] = [];
  for (const need of needs) {
    for (const unit of units) {
      const taken = held?.get(heldKey(need.resource, unit));
      // Seats above a since lowered count still count as held: the unit is full while they fill it.
      if ((taken?.size ?? 0) + need.quantity > need.count) return { short: need, unit };
      let wanted = need.quantity;
      for (let seat = 1; seat <= need.count && wanted > 0; seat++) {
        if (taken?.has(seat)) continue;
        holds.push({ resource: need.resource, unit, seat });
        wanted--;
      }
      if (wanted > 0) return { short: need, unit };
    }
  }
  return { holds };
}

/** Whether every need has a single seat that the session wants (then no read is needed before the write). */
export function singleSeats(needs: readonly HoldNeed[]): boolean {
  return needs.every((need) => need.count === 1 && need.quantity === 1);
}

/** A write lost a seat of a unit to a concurrent one. */
export function isHoldTaken(error: unknown): boolean {
  return isUniqueViolation(error, "ResourceHold") || isUniqueViolation(error, "unit");
}

/**
 * The refusal of a session some resource cannot take. A plain hour that only lacks a crew keeps the message the
 * REST contract documents; longer sessions, buffers, equipment and sessions of several days name what is missing
 * and for when (`date`: the first day that lacks it).
 */
export function resourceTaken(
  need: HoldNeed,
  date: string,
  range: HeldRange,
  start: string,
  severalDays = false,
): AppError {
  const plainHour =
    !severalDays &&
    need.resource === CREW_RESOURCE &&
    range.to - range.from === 60 &&
    range.from === minutesOfDay(start);
  const message = plainHour
    ? MESSAGES.booking.slotTaken
    : MESSAGES.booking.resourceTaken(need.name, heldRangeInWords(date, range));
  return new AppError("CONFLICT", message, { fieldErrors: { time: message } });
}

/** Where a session goes; `days`: every day it takes when it takes several (sessionDays), else its date alone. */
export type SessionPlace = { date: string; time: string; days?: readonly string[] };

/**
 * A session's holds, planned where its write runs from what is held then (a new booking: insert.ts reads the
 * units inside SQLite's transaction, or with a PostgreSQL batch's ids, and plans each booking of the batch in
 * turn), so concurrent bookings on one instance never plan the same seat.
 */
export type HoldPlanner = {
  /** What to read: the resources the session needs, in every unit of its held range. */
  resources: readonly string[];
  units: readonly string[];
  /** The seats to take given what is held (null: nothing was read); throws the refusal when one has none left. */
  plan(held: HeldSeats | null): HoldRow[];
  /** The refusal once every attempt lost a seat to a concurrent writer. */
  exhausted(): AppError;
};

export function holdPlanner(place: SessionPlace, facts: SessionFacts, crews: number): HoldPlanner {
  const needs = needsOf(facts, crews);
  const range = heldRange(place.time, facts);
  const days = place.days && place.days.length > 1 ? place.days : null;
  // A session of several days holds the same units of each of its days.
  const units = days ? days.flatMap((day) => holdUnits(day, range)) : holdUnits(place.date, range);
  return {
    resources: needs.map((need) => need.resource),
    units,
    plan(held) {
      const plan = planHolds(needs, units, held);
      if ("short" in plan)
        throw resourceTaken(plan.short, plan.unit.slice(0, 10), range, place.time, days !== null);
      return plan.holds;
    },
    exhausted: () => resourceTaken(needs[0]!, place.date, range, place.time, days !== null),
  };
}

/** Seats planned for a booking of a batch count as held for the next ones. */
export function addHeld(held: HeldSeats, holds: readonly HoldRow[]): void {
  for (const hold of holds) holdSeat(held, hold.resource, hold.unit, hold.seat);
}

/**
 * Plans the session's holds and runs `write` with them, planning again (with a fresh read) when a concurrent
 * writer took a seat first; refuses with `resourceTaken` when a resource has no seat left. `write` answers null
 * when it found nothing to write (its caller's own condition failed).
 */
export async function withHolds<T>(
  db: Db,
  place: SessionPlace,
  facts: SessionFacts,
  crews: number,
  write: (holds: HoldRow[]) => Promise<T>,
  options: { excludeBookingId?: number; attempts?: number } = {},
): Promise<T> {
  const planner = holdPlanner(place, facts, crews);
  const singles = singleSeats(needsOf(facts, crews));
  const attempts = options.attempts ?? 5;
  for (let attempt = 0; ; attempt++) {
    const held =
      attempt === 0 && singles && !options.excludeBookingId
        ? null
        : await readHeld(db, planner.resources, planner.units, options.excludeBookingId);
    const holds = planner.plan(held);
    try {
      return await write(holds);
    } catch (error) {
      if (!isHoldTaken(error)) throw error;
      if (attempt + 1 >= attempts) throw planner.exhausted();
    }
  }
}
