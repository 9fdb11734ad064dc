import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itRequiresAdmin } from "../testing/admin-only";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let token: string;
const m = MESSAGES.service;

const service = {
  title: "Aerial Real Estate",
  description: "Drone stills and a fly-over film",
  price: 499,
  duration: "2 hours",
  category: "drone",
  image: "",
  features: "4K film, 20 stills, ",
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
});
afterAll(async () => {
  await t.close();
});

describe("REST /api/services", () => {
  let id: number;

  it("POST creates a service: 201 { success, data, message } (the spec's earlier category \"drone\" is the site's Drone Services)", async () => {
    const res = await t.call("POST", "/api/services", { body: service, token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: m.created,
      data: {
        title: service.title,
        price: 499,
        category: "drone-services",
        features: ["4K film", "20 stills"],
        image: null,
      },
    });
    id = (res.body.data as { id: number }).id;
  });

  it("GET lists services in data", async () => {
    await t.call("POST", "/api/services", {
      body: { ...service, title: "Portraits", category: "photography" },
      token,
    });
    const res = await t.call("GET", "/api/services");
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((res.body.data as { title: string }[]).map((s) => s.title)).toEqual([
      "Aerial Real Estate",
      "Portraits",
    ]);
  });

  it("GET /category/:category lists one category; an unknown one is a 400", async () => {
    const res = await t.call("GET", "/api/services/category/drone-services");
    expect(res.status).toBe(200);
    expect((res.body.data as { id: number }[]).map((s) => s.id)).toEqual([id]);
    const legacy = await t.call("GET", "/api/services/category/drone");
    expect(legacy.body.data).toEqual(res.body.data);
    const bad = await t.call("GET", "/api/services/category/weddings");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: m.categoryInvalid });
  });

  it("GET /:id answers the service, 404 for an unknown id, 400 for a malformed one", async () => {
    const res = await t.call("GET", `/api/services/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { id, title: service.title } });
    const missing = await t.call("GET", "/api/services/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: m.notFound });
    for (const bad of ["abc", "-1", "1.5", "0", "99999999999999999999", "1e3"]) {
      const res = await t.call("GET", `/api/services/${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: MESSAGES.common.invalidId });
    }
  });

  it("PUT updates the service", async () => {
    const res = await t.call("PUT", `/api/services/${id}`, {
      body: { ...service, price: "549.5", features: ["Night flight"] },
      token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: m.updated,
      data: { id, price: 549.5, features: ["Night flight"] },
    });
    const missing = await t.call("PUT", "/api/services/999999", { body: service, token });
    expect(missing.status).toBe(404);
    const bad = await t.call("PUT", "/api/services/abc", { body: service, token });
    expect(bad.status).toBe(400);
  });

  it.each([
    ["a missing title", { ...service, title: undefined }, m.titleRequired, "title"],
    ["a numeric title", { ...service, title: 42 }, m.titleRequired, "title"],
    ["a negative price", { ...service, price: -5 }, m.priceInvalid, "price"],
    ["a price of the wrong type", { ...service, price: { amount: 5 } }, m.priceRequired, "price"],
    ["an unknown category", { ...service, category: "weddings" }, m.categoryInvalid, "category"],
    ["a 200 KB description", { ...service, description: "x".repeat(200 * 1024) }, undefined, "description"],
  ])("POST with %s → 400 with the message and field", async (_label, body, message, field) => {
    const res = await t.call("POST", "/api/services", { body, token });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    if (message) expect(res.body.message).toBe(message);
    expect(res.body.errors).toHaveProperty(field);
  });

  it("answers malformed JSON and a non-object body with 400", async () => {
    const headers = { "Content-Type": "application/json" };
    const malformed = await t.call("POST", "/api/services", { raw: '{"title":', headers, token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: MESSAGES.common.invalidJson });
    const list = await t.call("PUT", `/api/services/${id}`, { body: [service], token });
    expect(list.status).toBe(400);
    expect(list.body.success).toBe(false);
  });

  it("DELETE removes the service: 200 then 404", async () => {
    const res = await t.call("DELETE", `/api/services/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { id, archived: false, bookings: 0 },
      message: m.deleted,
    });
    expect((await t.call("GET", `/api/services/${id}`)).status).toBe(404);
    expect((await t.call("DELETE", `/api/services/${id}`, { token })).status).toBe(404);
  });

  it("DELETE of a service that bookings use archives it: 200, said so, gone from the list, kept by its bookings", async () => {
    const created = await t.call("POST", "/api/services", { token, body: { ...service, title: "Kept" } });
    const used = (created.body as { data: { id: number } }).data.id;
    const booked = await t.call("POST", "/api/bookings", {
      body: {
        name: "Ann",
        email: "ann@example.com",
        phone: "555 0100",
        service_id: used,
        date: "2099-03-01",
        time: "10:00",
        message: "",
        image: null,
        user_id: null,
      },
    });
    expect(booked.status).toBe(201);
    const res = await t.call("DELETE", `/api/services/${used}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: { id: used, archived: true, bookings: 1 },
      message: m.archived(1),
    });
    const listed = (await t.call("GET", "/api/services")).body as { data: { id: number }[] };
    expect(listed.data.map((s) => s.id)).not.toContain(used);
    const bookings = (await t.call("GET", "/api/bookings", { token })).body as {
      data: { service_id: number | null; service_title: string | null }[];
    };
    expect(bookings.data.find((b) => b.service_id === used)?.service_title).toBe("Kept");
    // …and a new booking of it is refused with a clear message.
    const refused = await t.call("POST", "/api/bookings", {
      body: {
        name: "Bob",
        email: "bob@example.com",
        phone: "555 0101",
        service_id: used,
        date: "2099-03-02",
        time: "10:00",
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: m.notOffered });
  });
});

describe("REST /api/services auth", () => {
  itRequiresAdmin(
    () => t,
    [
      ["POST", "/api/services", service],
      ["PUT", "/api/services/1", service],
      ["DELETE", "/api/services/1"],
      ["PUT", "/api/services/abc", service],
    ],
  );
});
