/**
 * The trail records the record the procedure changed, as the procedure parsed its input: a padded or string id
 * is the record it names (with its row before and after), and a creation is recorded under the id it was given,
 * never under an `id` field sent along with it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestService } from "../testing/fixtures";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
let serviceId: number;
let day = 0;

beforeAll(async () => {
  h = await createHarness();
  h.setNow(new Date("2030-01-15T20:00:00Z"));
  admin = (await h.admin()).caller;
  serviceId = (await createTestService(h.deps.db)).id;
});
afterAll(async () => {
  await h.close();
});

async function booking(): Promise<number> {
  day += 1;
  const created = await h.caller().bookings.create({
    name: "Ann Lee",
    email: "ann@client.test",
    phone: "+1 555 010 2040",
    service_id: serviceId,
    date: `2030-02-${String(day).padStart(2, "0")}`,
    time: "10:00",
    message: "",
  });
  return created.booking.id;
}
const lastEntry = () => h.deps.db.auditEntry.findFirstOrThrow({ orderBy: { id: "desc" } });
const json = (value: unknown) =>
  (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>;

describe("audited ids", () => {
  it("records a deletion sent with a padded id under that record, with its row before", async () => {
    await booking();
    const id = await booking();
    const call = admin.bookings.delete as unknown as (input: { id: string }) => Promise<unknown>;
    await call({ id: ` ${id}` });
    expect(await h.deps.db.booking.findUnique({ where: { id } })).toBeNull();
    const entry = await lastEntry();
    expect(entry).toMatchObject({ entity: "booking", entityId: String(id), action: "deleted", after: null });
    expect(json(entry.before)).toMatchObject({ id, name: "Ann Lee" });
  });

  it("records a change sent with a string id, with the row before and after", async () => {
    const id = await booking();
    const call = admin.bookings.setStatus as unknown as (input: {
      id: string;
      status: string;
    }) => Promise<unknown>;
    await call({ id: String(id), status: "confirmed" });
    const entry = await lastEntry();
    expect(entry).toMatchObject({ entity: "booking", entityId: String(id), action: "status_changed" });
    expect(json(entry.before)).toMatchObject({ id, status: "pending" });
    expect(json(entry.after)).toMatchObject({ id, status: "confirmed" });
  });

  it("records a creation under the new record's id, not an id field sent with it", async () => {
    const older = await booking();
    day += 1;
    const call = admin.bookings.adminCreate as unknown as (input: Record<string, unknown>) => Promise<{
      booking: { id: number };
    }>;
    const created = await call({
      id: older,
      name: "Bo Chen",
      email: "bo@client.test",
      phone: "+1 555 010 2041",
      service_id: serviceId,
      date: `2030-02-${String(day).padStart(2, "0")}`,
      time: "11:00",
      message: "",
    });
    expect(created.booking.id).not.toBe(older);
    const entry = await lastEntry();
    expect(entry).toMatchObject({
      entity: "booking",
      entityId: String(created.booking.id),
      action: "created",
    });
    expect(entry.before).toBeNull();
    expect(json(entry.after)).toMatchObject({ id: created.booking.id, name: "Bo Chen" });
  });
});
