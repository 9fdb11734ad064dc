/**
 * Admin sessions with the read cache on (as the server runs): on SQLite the session row comes from the cache,
 * so every change to a session or its admin must drop it at once; on PostgreSQL (several instances) every call
 * reads the database. Each case first makes a call that caches the session, then changes it, then calls again.
 */
import { observeQueries } from "@studio/db";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEmailConfirmed } from "../testing/email-change";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";
import { createPasswordReset } from "./admins";
import { readSession } from "./session";

let h: Harness;
type Caller = ReturnType<Harness["caller"]>;
let owner: Caller;

beforeAll(async () => {
  // Far longer than any test: only an invalidation can make a cached session change.
  h = await createHarness({}, { cacheTtlMs: 10 * 60_000 });
  ({ caller: owner } = await h.admin("owner@cache.test"));
});
afterAll(async () => {
  await h.close();
});

async function signedIn(email: string) {
  const { caller, token } = await h.admin(email);
  expect((await caller.auth.me()).email).toBe(email);
  const id = (await h.deps.db.adminUser.findUniqueOrThrow({ where: { email } })).id;
  return { caller, token, id };
}

const unauthorized = async (caller: Caller) => (await failure(caller.auth.me())).code;

describe("a cached admin session", () => {
  it("ends at once on logout", async () => {
    const { caller } = await signedIn("logout@cache.test");
    await caller.auth.logout();
    expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
  });

  it("ends at once when its admin signs out everywhere, from another session", async () => {
    const { caller } = await signedIn("everywhere@cache.test");
    const other = await h.admin("everywhere@cache.test");
    await other.caller.auth.signOutEverywhere();
    expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
  });

  it("ends at once when its admin changes the password from another session", async () => {
    const { caller } = await signedIn("password@cache.test");
    const other = await h.admin("password@cache.test");
    await other.caller.auth.changePassword({ current: "owner-password", next: "another-password" });
    expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
    expect((await other.caller.auth.me()).email).toBe("password@cache.test");
  });

  it("ends at once when a reset link sets a new password", async () => {
    const { caller } = await signedIn("reset@cache.test");
    const link = await createPasswordReset(h.deps, "reset@cache.test");
    await h.caller().auth.resetPassword({ token: link!.token, password: "brand-new-pass" });
    expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
  });

  it("ends at once when the owner removes its admin", async () => {
    const { caller, id } = await signedIn("removed@cache.test");
    await owner.admins.remove({ id });
    expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
  });

  it("shows a new name and e-mail at once", async () => {
    const { caller } = await signedIn("renamed@cache.test");
    await changeEmailConfirmed(h, caller, { name: "Renamed Admin", email: "renamed.now@cache.test" });
    expect(await caller.auth.me()).toMatchObject({ name: "Renamed Admin", email: "renamed.now@cache.test" });
  });

  it("acts with its new role at once after a transfer of ownership", async () => {
    const { caller, id } = await signedIn("heir@cache.test");
    const ownerId = (await owner.auth.me()).id;
    expect((await owner.auth.me()).role).toBe("owner");
    await owner.admins.transferOwnership({ id });
    expect((await caller.auth.me()).role).toBe("owner");
    expect(await failure(owner.admins.transferOwnership({ id }))).toEqual({
      code: "FORBIDDEN",
      message: MESSAGES.auth.ownerOnly,
    });
    await caller.admins.transferOwnership({ id: ownerId });
    expect((await owner.auth.me()).role).toBe("owner");
  });

  it("is read from the database on every call on PostgreSQL, and from the cache on SQLite", async () => {
    const { caller, id } = await signedIn("direct@cache.test");
    // A change made behind the domain's back (by hand, in SQL): PostgreSQL sees it at once; SQLite, which runs
    // one instance and changes sessions only through this process, keeps the cached row until it is dropped.
    await h.deps.db.authSession.updateMany({ where: { userId: id }, data: { revokedAt: new Date() } });
    if (h.deps.provider === "postgresql") expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
    else {
      expect((await caller.auth.me()).email).toBe("direct@cache.test");
      h.deps.cache.invalidate("sessions");
      expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
    }
  });

  it("ends at its expiry instant, read in UTC whatever the database's zone", async () => {
    const { caller, id } = await signedIn("expiry@cache.test");
    const expiresAt = new Date(Date.now() + 90 * 60_000);
    await h.deps.db.authSession.updateMany({ where: { userId: id }, data: { expiresAt } });
    h.deps.cache.invalidate("sessions");
    try {
      h.setNow(new Date(expiresAt.getTime() - 1_000));
      expect((await caller.auth.me()).email).toBe("expiry@cache.test");
      h.setNow(new Date(expiresAt.getTime() + 1_000));
      expect(await unauthorized(caller)).toBe("UNAUTHORIZED");
    } finally {
      h.setNow(new Date());
    }
  });
});

describe("admin sessions read together", () => {
  it("each call gets its own session, a signed-out one comes back revoked and an unknown one not at all", async () => {
    const a = await signedIn("together-a@cache.test");
    const b = await signedIn("together-b@cache.test");
    const gone = await signedIn("together-gone@cache.test");
    await gone.caller.auth.logout();
    const sessionOf = async (userId: number, revoked: boolean) =>
      (
        await h.deps.db.authSession.findFirstOrThrow({
          where: { userId, revokedAt: revoked ? { not: null } : null },
        })
      ).id;
    const ids = [
      await sessionOf(a.id, false),
      await sessionOf(b.id, false),
      await sessionOf(gone.id, true),
    ] as const;
    let statements = 0;
    observeQueries(() => {
      statements += 1;
    });
    let rows: Awaited<ReturnType<typeof readSession>>[];
    try {
      // Asked in one turn of the event loop, as a burst of admin calls asks.
      rows = await Promise.all([
        readSession(h.deps, ids[0]),
        readSession(h.deps, ids[1]),
        readSession(h.deps, ids[2]),
        readSession(h.deps, ids[0]),
        readSession(h.deps, "no-such-session"),
      ]);
    } finally {
      observeQueries(null);
    }
    expect(rows.map((row) => row?.email)).toEqual([
      "together-a@cache.test",
      "together-b@cache.test",
      "together-gone@cache.test",
      "together-a@cache.test",
      undefined,
    ]);
    expect(rows.map((row) => row?.userId)).toEqual([a.id, b.id, gone.id, a.id, undefined]);
    expect(rows.map((row) => row?.revokedAt instanceof Date)).toEqual([false, false, true, false, false]);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // On PostgreSQL, where every admin call reads its session, the five reads were one statement.
    if (h.deps.provider === "postgresql") expect(statements).toBe(1);
    else expect(statements).toBe(5);
    // And a call made with the signed-out token is refused.
    expect(await unauthorized(gone.caller)).toBe("UNAUTHORIZED");
  });
});
