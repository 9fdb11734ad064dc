import { MESSAGES, type ServiceInput } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";

let h: Harness;
let admin: Awaited<ReturnType<Harness["admin"]>>["caller"];
const m = MESSAGES.service;

const valid = (overrides: Partial<ServiceInput> = {}): ServiceInput => ({
  title: "Portrait Session",
  description: "One hour in the studio",
  price: 299,
  duration: "1 hour",
  category: "photography",
  features: ["10 images"],
  ...overrides,
});

beforeAll(async () => {
  h = await createHarness();
  admin = (await h.admin()).caller;
});
afterAll(async () => {
  await h.close();
});

describe("services: create and read", () => {
  it("stores features given as a comma string as a trimmed list without empties", async () => {
    const created = await admin.services.create(
      valid({ features: " Online gallery, ,Prints ,, Retouching " }),
    );
    expect(created.features).toEqual(["Online gallery", "Prints", "Retouching"]);
    expect((await h.caller().services.get({ id: created.id })).features).toEqual([
      "Online gallery",
      "Prints",
      "Retouching",
    ]);
  });

  it("trims list entries and drops empty ones", async () => {
    const created = await admin.services.create(valid({ features: ["  a ", "", "   ", "b"] }));
    expect(created.features).toEqual(["a", "b"]);
  });

  it("keeps the price as dollars with two decimals (integer cents in the database)", async () => {
    const created = await admin.services.create(valid({ price: "49.999" }));
    expect(created.price).toBe(50);
    const cents = await admin.services.create(valid({ price: 19.99 }));
    expect(cents.price).toBe(19.99);
    const row = await h.deps.db.service.findUniqueOrThrow({ where: { id: cents.id } });
    expect(row.priceCents).toBe(1999);
    expect((await admin.services.create(valid({ price: 0 }))).price).toBe(0);
  });

  it("defaults the category to photography and returns the whole DTO", async () => {
    const { category: _c, ...noCategory } = valid();
    const created = await admin.services.create({ ...noCategory, image: "https://cdn.example/a.jpg" });
    expect(created).toEqual({
      id: expect.any(Number),
      title: "Portrait Session",
      description: "One hour in the studio",
      category: "photography",
      price: 299,
      duration: "1 hour",
      duration_minutes: 60,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      duration_days: 1,
      start_every_minutes: 60,
      features: ["10 images"],
      image: "https://cdn.example/a.jpg",
      icon: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      archived: false,
    });
  });

  it("lists every service by id ascending, and filters by category", async () => {
    const drone = await admin.services.create(valid({ title: "Aerial", category: "drone-services" }));
    const list = await h.caller().services.list();
    expect(list.map((s) => s.id)).toEqual([...list.map((s) => s.id)].sort((a, b) => a - b));
    expect(list.at(-1)?.id).toBe(drone.id);
    const drones = await h.caller().services.byCategory({ category: "drone-services" });
    expect(drones.map((s) => s.title)).toEqual(["Aerial"]);
    // The specification's earlier name of the category reads as the site's.
    expect(await h.caller().services.byCategory({ category: "drone" })).toEqual(drones);
    expect(await h.caller().services.byCategory({ category: "cinematography" })).toEqual([]);
  });

  it("stores the specification's earlier categories (editing, drone, event) as the site's categories", async () => {
    const cases = [
      ["editing", "vfx-post"],
      ["drone", "drone-services"],
      ["event", "videography"],
    ] as const;
    for (const [legacy, category] of cases) {
      const created = await admin.services.create(valid({ title: `Legacy ${legacy}`, category: legacy }));
      expect(created.category).toBe(category);
      const row = await h.deps.db.service.findUniqueOrThrow({ where: { id: created.id } });
      expect(row.category).toBe(category);
    }
  });

  it("refuses an unknown category filter with the category message", async () => {
    const error = await failure(h.caller().services.byCategory({ category: "weddings" as never }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(m.categoryInvalid);
  });

  it("answers NOT_FOUND for an unknown id and BAD_REQUEST for a malformed one", async () => {
    const missing = await failure(h.caller().services.get({ id: 999_999 }));
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.message).toBe(m.notFound);
    for (const id of ["abc", -1, 1.5, 0]) {
      const bad = await failure(h.caller().services.get({ id }));
      expect(bad.code).toBe("BAD_REQUEST");
      expect(bad.message).toBe(MESSAGES.common.invalidId);
    }
  });
});

describe("services: a session's length", () => {
  const unreadOf = async (id: number) =>
    (await admin.services.adminList()).find((service) => service.id === id)?.duration_unread;

  it("reads the minutes from the duration text when none are given (the REST contract sends only the text)", async () => {
    const halfDay = await admin.services.create(valid({ duration: "Half day" }));
    expect([halfDay.duration, halfDay.duration_minutes]).toEqual(["Half day", 240]);
    expect(await unreadOf(halfDay.id)).toBe(false);
    const renamed = await admin.services.update({ id: halfDay.id, data: valid({ duration: "90 minutes" }) });
    expect(renamed.duration_minutes).toBe(90);
  });

  it("keeps 60 minutes for text it cannot read and lists the service for the owner, until minutes are set", async () => {
    const vague = await admin.services.create(valid({ duration: "A few shoot days" }));
    expect(vague.duration_minutes).toBe(60);
    expect(await unreadOf(vague.id)).toBe(true);
    const set = await admin.services.update({
      id: vague.id,
      data: valid({ duration: "A few shoot days", duration_minutes: 480 }),
    });
    expect(set.duration_minutes).toBe(480);
    expect(await unreadOf(vague.id)).toBe(false);
  });

  it("keeps the minutes and buffers it has when an update names neither (an external tool)", async () => {
    const day = await admin.services.create(
      valid({ duration: "Full day", buffer_before_minutes: 60, buffer_after_minutes: "45" }),
    );
    expect([day.duration_minutes, day.buffer_before_minutes, day.buffer_after_minutes]).toEqual([
      480, 60, 45,
    ]);
    const updated = await admin.services.update({ id: day.id, data: valid({ duration: "All day long" }) });
    expect([updated.duration_minutes, updated.buffer_before_minutes, updated.buffer_after_minutes]).toEqual([
      480, 60, 45,
    ]);
    expect(await unreadOf(day.id)).toBe(true);
  });

  it("reads a text naming several days into days of a full day's minutes; the back office sets days and starts", async () => {
    const shoot = await admin.services.create(valid({ duration: "2 shoot days" }));
    expect([shoot.duration_days, shoot.duration_minutes, shoot.start_every_minutes]).toEqual([2, 480, 60]);
    expect(await unreadOf(shoot.id)).toBe(false);
    const set = await admin.services.update({
      id: shoot.id,
      data: valid({
        duration: "Three days",
        duration_days: 3,
        duration_minutes: 360,
        start_every_minutes: "30",
      }),
    });
    expect([set.duration_days, set.duration_minutes, set.start_every_minutes]).toEqual([3, 360, 30]);
    // A later text naming one length makes it one day again; the grid stays.
    const hour = await admin.services.update({ id: shoot.id, data: valid({ duration: "1 hour" }) });
    expect([hour.duration_days, hour.duration_minutes, hour.start_every_minutes]).toEqual([1, 60, 30]);
    for (const bad of [0, 15, 1.5]) {
      expect(await failure(admin.services.create(valid({ duration_days: bad })))).toMatchObject({
        code: "BAD_REQUEST",
        message: m.durationDaysInvalid,
      });
    }
    expect(
      await failure(admin.services.create(valid({ start_every_minutes: 15 as unknown as 30 }))),
    ).toMatchObject({ code: "BAD_REQUEST", message: m.startEveryInvalid });
  });

  it("refuses lengths and buffers out of bounds with their messages", async () => {
    for (const bad of [10, 721, 90.5, "abc"]) {
      expect(await failure(admin.services.create(valid({ duration_minutes: bad as number })))).toMatchObject({
        code: "BAD_REQUEST",
        message: m.durationMinutesInvalid,
      });
    }
    for (const bad of [-5, 241]) {
      expect(await failure(admin.services.create(valid({ buffer_after_minutes: bad })))).toMatchObject({
        code: "BAD_REQUEST",
        message: m.bufferInvalid,
      });
    }
  });
});

describe("services: media URLs", () => {
  it("stores one of our uploads sent back as an absolute URL (REST answers, other frontends) as its path", async () => {
    const file = "/uploads/media/00000000-0000-4000-8000-00000000abcd.png";
    const absolute = await admin.services.create(valid({ image: `https://studio.example${file}?v=2` }));
    expect(absolute.image).toBe(file);
    const relative = await admin.services.create(valid({ image: file }));
    expect(relative.image).toBe(file);
    // Anything that is not one of our uploads is kept as given.
    const elsewhere = await admin.services.create(valid({ image: "https://cdn.example/hero.jpg" }));
    expect(elsewhere.image).toBe("https://cdn.example/hero.jpg");
  });
});

describe("services: validation messages", () => {
  it.each([
    [{ title: "  " }, m.titleRequired],
    [{ title: undefined }, m.titleRequired],
    [{ description: "" }, m.descriptionRequired],
    [{ price: undefined }, m.priceRequired],
    [{ price: "" }, m.priceRequired],
    [{ price: -0.01 }, m.priceInvalid],
    [{ duration: " " }, m.durationRequired],
    [{ category: "weddings" }, m.categoryInvalid],
    [{ image: "javascript:alert(1)" }, m.imageUrlInvalid],
  ] as const)("refuses %o with its message", async (overrides, message) => {
    const error = await failure(admin.services.create({ ...valid(), ...overrides } as ServiceInput));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe(message);
  });

  it("refuses features of the wrong type", async () => {
    const error = await failure(admin.services.create(valid({ features: 5 as never })));
    expect(error.code).toBe("BAD_REQUEST");
  });
});

describe("services: admin writes", () => {
  it("requires an admin token for create, update and delete", async () => {
    for (const caller of [h.caller(), h.caller({ token: "garbage" })]) {
      expect((await failure(caller.services.create(valid()))).code).toBe("UNAUTHORIZED");
      expect((await failure(caller.services.update({ id: 1, data: valid() }))).code).toBe("UNAUTHORIZED");
      expect((await failure(caller.services.delete({ id: 1 }))).code).toBe("UNAUTHORIZED");
    }
  });

  it("updates every field and answers NOT_FOUND for an unknown id", async () => {
    const created = await admin.services.create(valid());
    const updated = await admin.services.update({
      id: created.id,
      data: valid({
        title: "Event",
        price: "799.5",
        category: "cinematography",
        features: "Two shooters",
        icon: "🎉",
      }),
    });
    expect(updated).toMatchObject({
      id: created.id,
      title: "Event",
      price: 799.5,
      category: "cinematography",
      features: ["Two shooters"],
      icon: "🎉",
      created_at: created.created_at,
    });
    const missing = await failure(admin.services.update({ id: 999_999, data: valid() }));
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.message).toBe(m.notFound);
  });

  it("archives a service that bookings use: kept for them, gone from the site and from new bookings", async () => {
    const service = await admin.services.create(valid({ title: "Doomed" }));
    const booking = await h.deps.db.booking.create({
      data: {
        name: "Ann",
        email: "ann@example.com",
        phone: "555",
        serviceId: service.id,
        date: "2099-01-01",
        time: "09:00",
        slotKey: "2099-01-01 09:00",
      },
    });
    expect(await admin.services.delete({ id: service.id })).toEqual({
      id: service.id,
      archived: true,
      bookings: 1,
    });
    // The booking keeps its service, title and all.
    const kept = await h.deps.db.booking.findUnique({
      where: { id: booking.id },
      include: { service: true },
    });
    expect(kept).toMatchObject({ serviceId: service.id, service: { title: "Doomed" } });
    // Hidden from what the site offers, still readable by id (the client's own booking names it).
    const offered = await h.caller().services.list();
    expect(offered.map((s) => s.id)).not.toContain(service.id);
    expect(
      (await h.caller().services.byCategory({ category: "photography" })).map((s) => s.id),
    ).not.toContain(service.id);
    expect(await h.caller().services.get({ id: service.id })).toMatchObject({
      title: "Doomed",
      archived: true,
    });
    // The back office lists it, archived, with the bookings that keep it.
    const listed = (await admin.services.adminList()).find((s) => s.id === service.id);
    expect(listed).toMatchObject({ archived: true, bookings: 1 });
    // Removing it again changes nothing: it cannot be deleted while bookings use it.
    expect(await admin.services.delete({ id: service.id })).toMatchObject({ archived: true, bookings: 1 });
    expect(await h.deps.db.service.count({ where: { id: service.id } })).toBe(1);

    // Restored, it is offered again.
    expect(await admin.services.restore({ id: service.id })).toMatchObject({ archived: false });
    expect((await h.caller().services.list()).map((s) => s.id)).toContain(service.id);

    const trail = await h.deps.db.auditEntry.findMany({
      where: { entity: "service", entityId: String(service.id) },
      orderBy: { id: "asc" },
    });
    expect(trail.map((e) => e.action)).toEqual(["created", "archived", "archived", "restored"]);
  });

  it("deletes a service that no booking uses", async () => {
    const service = await admin.services.create(valid({ title: "Unused" }));
    expect(await admin.services.delete({ id: service.id })).toEqual({
      id: service.id,
      archived: false,
      bookings: 0,
    });
    expect((await failure(h.caller().services.get({ id: service.id }))).code).toBe("NOT_FOUND");
    expect((await admin.services.adminList()).map((s) => s.id)).not.toContain(service.id);
    const again = await failure(admin.services.delete({ id: service.id }));
    expect(again.code).toBe("NOT_FOUND");
    expect(again.message).toBe(m.notFound);
    const restore = await failure(admin.services.restore({ id: service.id }));
    expect(restore.code).toBe("NOT_FOUND");
  });

  it("lists and restores only for admins", async () => {
    expect((await failure(h.caller().services.adminList())).code).toBe("UNAUTHORIZED");
    expect((await failure(h.caller().services.restore({ id: 1 }))).code).toBe("UNAUTHORIZED");
  });

  it("marks an uploaded service image as referenced so the clean-up keeps it", async () => {
    const id = "0b7c3f0e-1d2a-4c1b-9a55-3e1f2d4c5b6a";
    await h.deps.db.upload.create({
      data: {
        id,
        purpose: "service_image",
        kind: "image",
        mimeType: "image/webp",
        extension: "webp",
        size: 10,
        originalName: "a.png",
        storageKey: `media/${id}.webp`,
      },
    });
    await admin.services.create(valid({ image: `/uploads/media/${id}.webp` }));
    const upload = await h.deps.db.upload.findUniqueOrThrow({ where: { id } });
    expect(upload.attachedAt).toBeInstanceOf(Date);
  });
});
