/**
 * API keys on the REST layer (issue 31): made by the owner and shown once, stored as a hash, limited to their
 * scopes, refused for accounts and on tRPC, revoked and expired at once, rate-limited per key, and every write
 * made with one is in the Activity trail under the key's name. SQLite and PostgreSQL (TEST_DATABASE_URL).
 */
import { createHash } from "node:crypto";
import { API_KEY_SCOPES, type ApiKeyScope, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app";

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["harness"]["admin"]>>["caller"];
let serviceId: number;

beforeAll(async () => {
  // Read cache on (as in production) and limits on: the cached key must still die at once when revoked.
  t = await createTestApp({ rateLimit: true, cacheTtlMs: 60_000 });
  owner = (await t.harness.admin()).caller;
  serviceId = (
    await owner.services.create({
      title: "Drone Reel",
      description: "Aerial footage",
      price: 300,
      duration: "2 hours",
      features: [],
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

async function key(
  scopes: ApiKeyScope[],
  extra: { expires_on?: string; rate_limit_per_minute?: number } = {},
) {
  return owner.apiKeys.create({ name: `Tool ${scopes.join(" ")}`, scopes, ...extra });
}

let slot = 0;
async function booking() {
  slot += 1;
  const date = new Date(Date.UTC(2036, 0, 1) + slot * 86_400_000).toISOString().slice(0, 10);
  const res = await t.call("POST", "/api/bookings", {
    body: {
      name: "Key Client",
      email: "key@example.test",
      phone: "+1 555 0100",
      service_id: serviceId,
      date,
      time: "10:00",
    },
  });
  return (res.body.data as { id: number }).id;
}

describe("API keys", () => {
  it("are shown once and stored as a hash", async () => {
    const created = await key(["bookings:read"], { expires_on: "2099-12-31" });
    expect(created.secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: "Tool bookings:read",
      prefix: created.secret.slice(0, 11),
      scopes: ["bookings:read"],
      status: "active",
      expires_at: "2100-01-01T00:00:00.000Z",
      last_used_at: null,
      rate_limit_per_minute: 600,
      created_by: "Studio Owner",
    });
    const listed = (await owner.apiKeys.list()).find((k) => k.id === created.key.id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const row = await t.deps.db.apiKey.findUniqueOrThrow({ where: { id: created.key.id } });
    expect(row.tokenHash).toBe(createHash("sha256").update(created.secret).digest("base64url"));
    expect(JSON.stringify(row)).not.toContain(created.secret);
  });

  it("lists and reads bookings with a read scope, but may not change them", async () => {
    const { secret } = await key(["bookings:read"]);
    const id = await booking();
    const list = await t.call("GET", "/api/bookings", { token: secret });
    expect(list.status).toBe(200);
    expect((list.body.data as { id: number }[]).map((b) => b.id)).toContain(id);
    expect((await t.call("GET", `/api/bookings/${id}`, { token: secret })).status).toBe(200);
    expect((await t.call("GET", "/api/bookings/stats", { token: secret })).status).toBe(200);
    const confirm = await t.call("PATCH", `/api/bookings/${id}/confirm`, { token: secret });
    expect(confirm.status).toBe(403);
    expect(confirm.body).toEqual({
      success: false,
      message: MESSAGES.apiKeys.missingScope("bookings:write"),
    });
    // Nor anything else outside its scope.
    const feedback = await t.call("GET", "/api/feedback", { token: secret });
    expect(feedback.status).toBe(403);
    expect(feedback.body.message).toBe(MESSAGES.apiKeys.missingScope("feedback:read"));
  });

  it("confirms a booking with the write scope, recorded under the key's name", async () => {
    const created = await key(["bookings:read", "bookings:write"]);
    const id = await booking();
    const confirm = await t.call("PATCH", `/api/bookings/${id}/confirm`, { token: created.secret });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ success: true, data: { id, status: "confirmed" } });
    const entry = await t.deps.db.auditEntry.findFirstOrThrow({
      where: { entity: "booking", entityId: String(id), action: "status_changed" },
    });
    expect(entry).toMatchObject({ actorId: null, actorName: created.key.name, apiKeyId: created.key.id });
    const activity = await owner.admins.activity({ entity: "booking" });
    expect(activity.items[0]).toMatchObject({ actor_name: created.key.name, api_key_id: created.key.id });
  });

  it("never changes accounts and never works on tRPC", async () => {
    const { secret } = await key([...API_KEY_SCOPES]);
    for (const [method, path] of [
      ["GET", "/api/auth/me"],
      ["POST", "/api/auth/logout"],
    ] as const) {
      const res = await t.call(method, path, { token: secret });
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe(MESSAGES.apiKeys.notForKeys);
    }
    // The site's own tRPC calls take admin sessions only: the key is no credential there.
    const trpc = await t.app.request("/trpc/apiKeys.list", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(trpc.status).toBe(401);
    const create = await t.app.request("/trpc/apiKeys.create", {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Escalation", scopes: ["bookings:read"] }),
    });
    expect(create.status).toBe(401);
  });

  it("stops at once when revoked, and after its last day", async () => {
    const created = await key(["bookings:read"], { expires_on: new Date().toISOString().slice(0, 10) });
    expect((await t.call("GET", "/api/bookings/stats", { token: created.secret })).status).toBe(200);
    // The last day is over at midnight UTC.
    const tomorrow = new Date(Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`) + 86_400_000);
    t.harness.setNow(tomorrow);
    try {
      expect((await t.call("GET", "/api/bookings/stats", { token: created.secret })).status).toBe(401);
      // Signed in again: the owner's session from the start of the test may not last until tomorrow.
      const later = (await t.harness.admin()).caller;
      expect((await later.apiKeys.list()).find((k) => k.id === created.key.id)?.status).toBe("expired");
    } finally {
      t.harness.setNow(new Date());
    }
    const other = await key(["bookings:read"]);
    expect((await t.call("GET", "/api/bookings/stats", { token: other.secret })).status).toBe(200);
    await owner.apiKeys.revoke({ id: other.key.id });
    const after = await t.call("GET", "/api/bookings/stats", { token: other.secret });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MESSAGES.auth.unauthorized);
    const revoked = await t.deps.db.auditEntry.findFirstOrThrow({
      where: { entity: "api_key", entityId: String(other.key.id), action: "revoked" },
    });
    expect(JSON.stringify(revoked.after)).not.toContain("tokenHash");
    await expect(owner.apiKeys.revoke({ id: other.key.id })).rejects.toThrow(MESSAGES.apiKeys.alreadyRevoked);
  });

  it("is limited per key, and shows when it was last used", async () => {
    const slow = await key(["bookings:read"], { rate_limit_per_minute: 3 });
    const fast = await key(["bookings:read"]);
    for (let i = 0; i < 3; i++)
      expect((await t.call("GET", "/api/bookings/stats", { token: slow.secret })).status).toBe(200);
    const refused = await t.call("GET", "/api/bookings/stats", { token: slow.secret });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MESSAGES.apiKeys.tooManyRequests(3));
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await t.call("GET", "/api/bookings/stats", { token: fast.secret })).status).toBe(200);
    const listed = (await owner.apiKeys.list()).find((k) => k.id === slow.key.id);
    expect(listed?.last_used_at).not.toBeNull();
  });

  it("are the owner's to make, with valid scopes and a last day not in the past", async () => {
    const admin = (await t.harness.admin("second@studio.test")).caller;
    await expect(admin.apiKeys.create({ name: "Mine", scopes: ["bookings:read"] })).rejects.toThrow(
      MESSAGES.auth.ownerOnly,
    );
    await expect(owner.apiKeys.create({ name: "None", scopes: [] })).rejects.toThrow(
      MESSAGES.apiKeys.scopesRequired,
    );
    await expect(
      owner.apiKeys.create({ name: "Old", scopes: ["bookings:read"], expires_on: "2001-01-01" }),
    ).rejects.toThrow(MESSAGES.apiKeys.expiryPast);
  });
});
