/**
 * The studio's alerts go to every admin (no STUDIO_NOTIFY_EMAIL). The list is read through the read cache, so
 * every change to the team must drop it: a new admin, a changed address and a removed admin show at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEmailConfirmed } from "../testing/email-change";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let serviceId: number;
let day = 0;

beforeAll(async () => {
  h = await createHarness({}, { cacheTtlMs: 60_000 });
  h.setNow(new Date("2030-01-15T20:00:00Z"));
  await h.admin();
  serviceId = (
    await h.deps.db.service.create({
      data: { title: "Portrait Session", description: "d", category: "drone", priceCents: 100, features: [] },
    })
  ).id;
});
afterAll(() => h.close());

/** Books a session and answers who its studio alert is addressed to. */
async function alertRecipients(): Promise<string[]> {
  day += 1;
  const { booking } = await h.caller().bookings.create({
    name: "Ann Lee",
    email: "ann@client.test",
    phone: "+1 555 010 2040",
    service_id: serviceId,
    date: new Date(Date.UTC(2030, 1, 1) + day * 86_400_000).toISOString().slice(0, 10),
    time: "10:00",
    message: "",
  });
  const alert = await h.deps.db.outgoingMail.findFirstOrThrow({
    where: { bookingId: booking.id, kind: "studio.booking" },
  });
  return alert.recipients.split(",").map((address) => address.trim());
}

describe("studio alert recipients, with the read cache on", () => {
  it("follow sign-ups, address changes and removals at once", async () => {
    expect(await alertRecipients()).toEqual(["owner@studio.test"]);

    const second = await h.admin("second@studio.test");
    expect(await alertRecipients()).toEqual(["owner@studio.test", "second@studio.test"]);

    await changeEmailConfirmed(h, second.caller, { name: "Second", email: "moved@studio.test" });
    expect(await alertRecipients()).toEqual(["owner@studio.test", "moved@studio.test"]);

    const { caller: owner } = await h.admin();
    const moved = await h.deps.db.adminUser.findUniqueOrThrow({ where: { email: "moved@studio.test" } });
    await owner.admins.remove({ id: moved.id });
    expect(await alertRecipients()).toEqual(["owner@studio.test"]);
  });
});
