/**
 * Every documented route, called for real on the running app (SQLite, or PostgreSQL with TEST_DATABASE_URL):
 * its answer's status is documented and its body matches the documented schema (JSON Schema 2020-12 from the
 * document itself, checked with Ajv), refusals included. A route without a call here fails the test.
 */
import { issueManageUrl } from "@studio/api";
import { seedDemoContent } from "@studio/db";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { fileForm, pngFile } from "../../upload-test-files";
import { OPERATIONS } from "./operations";

let t: TestApp;
let token: string;
let doc: {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: object;
};
const ajv = new Ajv2020({ strict: false, allErrors: true });

type Call = { url: string; init?: RequestInit };
/** State the calls share (made in beforeAll). */
const s = {
  serviceId: 0,
  itemId: 0,
  draftId: 0,
  bookingId: 0,
  feedbackId: 0,
  contactId: 0,
  manageToken: "",
  moveToken: "",
  spare: { service: 0, item: 0, booking: 0, feedback: 0, contact: 0 },
};

const json = (method: string, body: unknown, auth = true): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", ...(auth ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});
const admin = (method = "GET"): RequestInit => ({ method, headers: { Authorization: `Bearer ${token}` } });

let day = 0;
const nextDate = () => {
  day += 1;
  return new Date(Date.UTC(2037, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
};
const bookingBody = () => ({
  name: "Contract Client",
  email: "contract@example.test",
  phone: "+1 555 0100",
  service_id: s.serviceId,
  date: nextDate(),
  time: "10:00",
  message: null,
  image: null,
  user_id: null,
});
const service = {
  title: "Contract Service",
  description: "Checked against its documented schema",
  price: 150,
  duration: "1 hour",
  category: "photography",
  features: ["One"],
};
const item = { title: "Contract item", description: "Checked", tags: ["a"], status: "published" };

/** A gallery with one photo, made through the back office's procedures; its link's token. */
async function galleryToken(): Promise<string> {
  const upload = await t.app.request("/api/galleries/upload-media", {
    ...admin("POST"),
    body: fileForm(pngFile(400, 300), "IMG_2.png", "image/png"),
  });
  const { data } = (await upload.json()) as { data: { id: string } };
  const caller = t.harness.caller({ token });
  const { id } = await caller.galleries.create({ title: "Contract gallery" });
  const detail = await caller.galleries.get({ id });
  await caller.galleries.addItem({ id, set_id: detail.sets[0]!.id, upload_id: data.id });
  return (await caller.galleries.get({ id })).url!.split("/g/")[1]!;
}

/** Each documented operation's real call (success first). */
const CALLS: Record<string, () => Call | Promise<Call>> = {
  "post /api/auth/login": () => ({
    url: "/api/auth/login",
    init: json("POST", { email: "owner@studio.test", password: "owner-password" }, false),
  }),
  "post /api/auth/register": () => ({
    url: "/api/auth/register",
    init: json(
      "POST",
      {
        name: "Second",
        email: "second@contract.test",
        password: "second-password",
        invite_code: "INVITE-TEST-CODE",
      },
      false,
    ),
  }),
  "get /api/auth/me": () => ({ url: "/api/auth/me", init: admin() }),
  "post /api/auth/logout": async () => {
    const login = await t.call("POST", "/api/auth/login", {
      body: { email: "owner@studio.test", password: "owner-password" },
    });
    return {
      url: "/api/auth/logout",
      init: { method: "POST", headers: { Authorization: `Bearer ${login.body.token}` } },
    };
  },
  "post /api/upload/image": () => ({
    url: "/api/upload/image",
    init: { method: "POST", body: fileForm(pngFile(200, 100), "proof.png", "image/png") },
  }),
  "post /api/services/upload-image": () => ({
    url: "/api/services/upload-image",
    init: { ...admin("POST"), body: fileForm(pngFile(800, 600), "service.png", "image/png") },
  }),
  "post /api/portfolio/upload-image": () => ({
    url: "/api/portfolio/upload-image",
    init: { ...admin("POST"), body: fileForm(pngFile(800, 600), "work.png", "image/png") },
  }),
  "post /api/galleries/upload-media": () => ({
    url: "/api/galleries/upload-media",
    init: { ...admin("POST"), body: fileForm(pngFile(800, 600), "IMG_1.png", "image/png") },
  }),
  "get /api/g/{token}/zip": async () => ({ url: `/api/g/${await galleryToken()}/zip?which=all` }),
  "get /api/services": () => ({ url: "/api/services" }),
  "get /api/services/category/{category}": () => ({ url: "/api/services/category/photography" }),
  "get /api/services/{id}": () => ({ url: `/api/services/${s.serviceId}` }),
  "post /api/services": () => ({ url: "/api/services", init: json("POST", service) }),
  "put /api/services/{id}": () => ({ url: `/api/services/${s.serviceId}`, init: json("PUT", service) }),
  "delete /api/services/{id}": () => ({ url: `/api/services/${s.spare.service}`, init: admin("DELETE") }),
  "get /api/portfolio": () => ({ url: "/api/portfolio", init: admin() }),
  "get /api/portfolio/category/{category}": () => ({ url: "/api/portfolio/category/photography" }),
  "get /api/portfolio/{id}": () => ({ url: `/api/portfolio/${s.draftId}`, init: admin() }),
  "post /api/portfolio": () => ({ url: "/api/portfolio", init: json("POST", item) }),
  "put /api/portfolio/{id}": () => ({ url: `/api/portfolio/${s.itemId}`, init: json("PUT", item) }),
  "delete /api/portfolio/{id}": () => ({ url: `/api/portfolio/${s.spare.item}`, init: admin("DELETE") }),
  "post /api/bookings": () => ({ url: "/api/bookings", init: json("POST", bookingBody(), false) }),
  "get /api/bookings": () => ({ url: "/api/bookings", init: admin() }),
  "get /api/bookings/export.csv": () => ({ url: "/api/bookings/export.csv", init: admin() }),
  "get /api/bookings/stats": () => ({ url: "/api/bookings/stats", init: admin() }),
  "get /api/bookings/status/{status}": () => ({ url: "/api/bookings/status/pending?limit=5", init: admin() }),
  "get /api/bookings/user/bookings": () => ({ url: "/api/bookings/user/bookings", init: admin() }),
  "get /api/bookings/{id}": () => ({ url: `/api/bookings/${s.bookingId}`, init: admin() }),
  "put /api/bookings/{id}": () => ({
    url: `/api/bookings/${s.bookingId}`,
    init: json("PUT", { status: "confirmed" }),
  }),
  "patch /api/bookings/{id}/status": () => ({
    url: `/api/bookings/${s.bookingId}/status`,
    init: json("PATCH", { status: "confirmed" }),
  }),
  "patch /api/bookings/{id}/confirm": () => ({
    url: `/api/bookings/${s.bookingId}/confirm`,
    init: admin("PATCH"),
  }),
  "delete /api/bookings/{id}": () => ({ url: `/api/bookings/${s.spare.booking}`, init: admin("DELETE") }),
  "post /api/feedback": () => ({
    url: "/api/feedback",
    init: json(
      "POST",
      { name: "Fan", email: "fan@example.test", rating: 5, message: "Great", service_category: "" },
      false,
    ),
  }),
  "get /api/feedback/approved": () => ({ url: "/api/feedback/approved?limit=10" }),
  "get /api/feedback/stats": () => ({ url: "/api/feedback/stats", init: admin() }),
  "get /api/feedback/category/{category}": () => ({ url: "/api/feedback/category/photography?limit=10" }),
  "get /api/feedback": () => ({ url: "/api/feedback?limit=50&offset=0", init: admin() }),
  "get /api/feedback/{id}": () => ({ url: `/api/feedback/${s.feedbackId}`, init: admin() }),
  "patch /api/feedback/{id}/status": () => ({
    url: `/api/feedback/${s.feedbackId}/status`,
    init: json("PATCH", { status: "pending" }),
  }),
  "delete /api/feedback/{id}": () => ({ url: `/api/feedback/${s.spare.feedback}`, init: admin("DELETE") }),
  "post /api/contact": () => ({
    url: "/api/contact",
    init: json(
      "POST",
      {
        name: "Asker",
        email: "ask@example.test",
        subject: "Q",
        message: "Hello",
        phone: "",
        serviceType: "",
      },
      false,
    ),
  }),
  "get /api/contact": () => ({ url: "/api/contact", init: admin() }),
  "patch /api/contact/{id}/read": () => ({
    url: `/api/contact/${s.contactId}/read`,
    init: json("PATCH", { read: true }),
  }),
  "delete /api/contact/{id}": () => ({ url: `/api/contact/${s.spare.contact}`, init: admin("DELETE") }),
  "get /api/manage/{token}": () => ({ url: `/api/manage/${s.manageToken}` }),
  "get /api/manage/{token}/availability": () => ({
    url: `/api/manage/${s.manageToken}/availability?date=${nextDate()}`,
  }),
  "post /api/manage/{token}/move": () => ({
    url: `/api/manage/${s.moveToken}/move`,
    init: json("POST", { date: nextDate(), time: "11:00" }, false),
  }),
  "post /api/manage/{token}/cancel": () => ({
    url: `/api/manage/${s.manageToken}/cancel`,
    init: { method: "POST" },
  }),
  "get /api/studio/profile": () => ({ url: "/api/studio/profile" }),
  "put /api/studio/profile": async () => {
    const { updated_at: _at, ...profile } = (await t.call("GET", "/api/studio/profile")).body.data as Record<
      string,
      unknown
    >;
    return { url: "/api/studio/profile", init: json("PUT", { ...profile, logo: null }) };
  },
  "get /api/live": () => ({ url: "/api/live", init: admin() }),
  "get /api/openapi.json": () => ({ url: "/api/openapi.json" }),
  "get /api/docs": () => ({ url: "/api/docs" }),
};

/** Refusals, each checked against the error schema the document gives its status. */
const REFUSALS: { op: string; call: () => Call; status: number }[] = [
  { op: "get /api/bookings", call: () => ({ url: "/api/bookings" }), status: 401 },
  { op: "get /api/bookings/{id}", call: () => ({ url: "/api/bookings/999999", init: admin() }), status: 404 },
  {
    op: "post /api/bookings",
    call: () => ({ url: "/api/bookings", init: json("POST", { name: "" }, false) }),
    status: 400,
  },
  {
    op: "post /api/services",
    call: () => ({
      url: "/api/services",
      init: {
        method: "POST",
        headers: { "Content-Type": "text/plain", "Content-Length": "1", Authorization: `Bearer ${token}` },
        body: "x",
      },
    }),
    status: 415,
  },
  {
    op: "patch /api/feedback/{id}/status",
    call: () => ({ url: "/api/feedback/abc/status", init: json("PATCH", { status: "approved" }) }),
    status: 400,
  },
  { op: "get /api/manage/{token}", call: () => ({ url: `/api/manage/${"A".repeat(43)}` }), status: 404 },
];

function check(op: string, status: number, contentType: string, body: unknown) {
  const [method, path] = op.split(" ") as [string, string];
  const response = doc.paths[path]?.[method]?.responses[String(status)];
  expect(response, `${op} answered an undocumented ${status}`).toBeDefined();
  const media = Object.keys(response!.content ?? {})[0] ?? "";
  expect(contentType.startsWith(media), `${op}: ${contentType} is not ${media}`).toBe(true);
  if (media !== "application/json") return;
  const validate = ajv.compile({ ...response!.content![media]!.schema, components: doc.components });
  expect(validate(body), `${op} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

async function send(op: string, call: Call) {
  const res = await t.app.request(call.url, call.init);
  const type = res.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { res, type, body: null };
  }
  const text = await res.text();
  return { res, type, body: type.includes("json") ? JSON.parse(text) : text, op };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  await seedDemoContent(t.deps.db);
  doc = (await (await t.app.request("/api/openapi.json")).json()) as typeof doc;
  const made = async (path: string, body: unknown, auth = true) =>
    ((await t.call("POST", path, { body, token: auth ? token : undefined })).body.data as { id: number }).id;
  s.serviceId = await made("/api/services", service);
  s.spare.service = await made("/api/services", service);
  s.itemId = await made("/api/portfolio", item);
  s.spare.item = await made("/api/portfolio", item);
  s.draftId = await made("/api/portfolio", { ...item, status: "draft" });
  const proof = await t.app.request("/api/upload/image", {
    method: "POST",
    body: fileForm(pngFile(100, 100), "p.png", "image/png"),
  });
  const reference = ((await proof.json()) as { data: { reference: string } }).data.reference;
  s.bookingId = await made("/api/bookings", { ...bookingBody(), image: reference }, false);
  s.spare.booking = await made("/api/bookings", bookingBody(), false);
  const manageToken = async () => {
    const id = await made("/api/bookings", bookingBody(), false);
    const row = await t.deps.db.booking.findUniqueOrThrow({ where: { id } });
    return (await issueManageUrl(t.deps.db, t.deps, row)).split("/manage/")[1]!;
  };
  s.manageToken = await manageToken();
  s.moveToken = await manageToken();
  const feedback = {
    name: "Fan",
    email: "fan@example.test",
    rating: 4,
    message: "Nice",
    service_category: "photography",
  };
  s.feedbackId = await made("/api/feedback", feedback, false);
  s.spare.feedback = await made("/api/feedback", feedback, false);
  await t.call("PATCH", `/api/feedback/${s.feedbackId}/status`, { body: { status: "approved" }, token });
  const message = { name: "A", email: "a@example.test", subject: "S", message: "M" };
  s.contactId = await made("/api/contact", message, false);
  s.spare.contact = await made("/api/contact", message, false);
});
afterAll(async () => {
  await t.close();
});

describe("every route's real answer matches the document", () => {
  it("has a call for every documented operation", () => {
    expect(OPERATIONS.map((op) => `${op.method} ${op.path}`).filter((op) => !CALLS[op])).toEqual([]);
  });

  for (const op of OPERATIONS) {
    const key = `${op.method} ${op.path}`;
    it(key, async () => {
      const make = CALLS[key];
      if (!make) throw new Error(`no call for ${key}`);
      const { res, type, body } = await send(key, await make());
      expect(res.status < 300, `${key}: ${res.status} ${JSON.stringify(body)}`).toBe(true);
      check(key, res.status, type, body);
    });
  }

  for (const refusal of REFUSALS) {
    it(`${refusal.op} refused ${refusal.status}`, async () => {
      const { res, type, body } = await send(refusal.op, refusal.call());
      expect(res.status).toBe(refusal.status);
      check(refusal.op, res.status, type, body);
    });
  }
});
