import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeEmailConfirmed } from "../testing/email-change";
import { createHarness, type Harness } from "../testing/harness";
import { AppError } from "../errors";
import { failure, rejection } from "../testing/rejection";
import { createPasswordReset, RESET_LINK_TTL_MS } from "./admins";
import { verifyPassword } from "./passwords";

const m = MESSAGES.auth;
let h: Harness;
type Caller = ReturnType<Harness["caller"]>;
let owner: Caller;
let ownerToken: string;

beforeAll(async () => {
  h = await createHarness();
  ({ caller: owner, token: ownerToken } = await h.admin("owner@team.test"));
});
afterAll(async () => {
  await h.close();
});

const lastAudit = async () => (await owner.admins.activity({ limit: 1 })).items[0];

async function newAdmin(email: string) {
  const { caller, token } = await h.admin(email);
  const id = (await h.deps.db.adminUser.findUniqueOrThrow({ where: { email } })).id;
  return { caller, token, id };
}

describe("my account", () => {
  it("changes the password with the current one, ending my other sessions but not this one", async () => {
    const other = await h.caller().auth.login({ email: "owner@team.test", password: "owner-password" });
    const wrong = await failure(owner.auth.changePassword({ current: "not-it", next: "new-password-1" }));
    expect(wrong).toEqual({ code: "BAD_REQUEST", message: "The current password is incorrect." });
    // Nothing changed: the old password still works.
    await h.caller().auth.login({ email: "owner@team.test", password: "owner-password" });

    expect(await owner.auth.changePassword({ current: "owner-password", next: "new-password-1" })).toEqual({
      message: m.passwordChanged,
    });
    expect((await owner.auth.me()).email).toBe("owner@team.test");
    expect((await failure(h.caller({ token: other.token }).auth.me())).code).toBe("UNAUTHORIZED");
    expect(
      (await failure(h.caller().auth.login({ email: "owner@team.test", password: "owner-password" }))).code,
    ).toBe("UNAUTHORIZED");
    const entry = await lastAudit();
    expect(entry).toMatchObject({ entity: "admin", action: "password_changed", actor_name: "Studio Owner" });
    expect(JSON.stringify(entry)).not.toContain("passwordHash");
    await owner.auth.changePassword({ current: "new-password-1", next: "owner-password" });
  });

  it("throttles the current password with the sign-in lockout: 5 wrong, then even the right one is refused", async () => {
    const { token } = await newAdmin("guess@team.test");
    const stolen = h.caller({ token, ip: "198.51.100.30" });
    for (let i = 0; i < 5; i++)
      expect(
        await failure(stolen.auth.changePassword({ current: `guess-${i}-pass`, next: "taken-over-1" })),
      ).toEqual({ code: "BAD_REQUEST", message: m.currentPasswordWrong });
    const locked = await rejection(
      stolen.auth.changePassword({ current: "owner-password", next: "taken-over-1" }),
    );
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    expect(locked).toBeInstanceOf(AppError);
    expect((locked as AppError).details.retryAfterSeconds).toBeGreaterThan(0);
    // The same counters as signing in: the e-mail is locked there too, and the password did not change.
    const signIn = await failure(
      h.caller({ ip: "198.51.100.31" }).auth.login({ email: "guess@team.test", password: "owner-password" }),
    );
    expect(signIn.code).toBe("TOO_MANY_REQUESTS");
    const row = await h.deps.db.adminUser.findUniqueOrThrow({ where: { email: "guess@team.test" } });
    expect(await verifyPassword(row.passwordHash, "owner-password")).toBe(true);
  });

  it("a right current password gives the attempt back, as signing in does", async () => {
    const { token } = await newAdmin("careful@team.test");
    const me = h.caller({ token, ip: "198.51.100.32" });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++)
        await failure(me.auth.changePassword({ current: `typo-${i}-pass`, next: "careful-pass-1" }));
      await me.auth.changePassword({ current: "owner-password", next: "owner-password" });
    }
  });

  it("updates my name and e-mail; a taken e-mail is refused and nothing changes", async () => {
    const { caller } = await newAdmin("ada@team.test");
    const taken = await failure(
      caller.auth.updateProfile({
        name: "Ada",
        email: "owner@team.test",
        current_password: "owner-password",
      }),
    );
    expect(taken).toEqual({ code: "CONFLICT", message: m.emailTaken });
    expect((await caller.auth.me()).email).toBe("ada@team.test");
    await changeEmailConfirmed(h, caller, { name: "Ada Lovelace", email: "ada.l@team.test" });
    expect(await caller.auth.me()).toMatchObject({ name: "Ada Lovelace", email: "ada.l@team.test" });
    const entry = (await owner.admins.activity({ limit: 1, entity: "admin" })).items[0];
    expect(entry?.before).toMatchObject({ name: "Studio Owner", email: "ada@team.test" });
    expect(entry?.after).toMatchObject({ name: "Ada Lovelace", email: "ada@team.test" });
  });

  it("signs out everywhere: every token of mine answers 401", async () => {
    const { caller, token } = await newAdmin("sam@team.test");
    const second = await h.caller().auth.login({ email: "sam@team.test", password: "owner-password" });
    expect(await caller.auth.signOutEverywhere()).toEqual({ message: m.signedOutEverywhere });
    for (const t of [token, second.token])
      expect((await failure(h.caller({ token: t }).auth.me())).code).toBe("UNAUTHORIZED");
  });
});

describe("the team (owner only)", () => {
  it("lists the admins with their last sign-in", async () => {
    const list = await owner.admins.list();
    const me = list.find((a) => a.email === "owner@team.test");
    expect(me).toMatchObject({ role: "owner" });
    expect(me?.last_sign_in_at).not.toBeNull();
  });

  it("counts signing up as the first sign-in", async () => {
    const registered = await h.caller().auth.register({
      name: "Nia New",
      email: "nia@team.test",
      password: "nia-password",
      invite_code: "INVITE-TEST-CODE",
    });
    const nia = (await owner.admins.list()).find((a) => a.email === "nia@team.test");
    expect(registered.token).toBeTruthy();
    expect(nia?.last_sign_in_at).not.toBeNull();
  });

  it("removes an admin: their next call answers 401, and the removal is audited", async () => {
    const { caller, id } = await newAdmin("leaving@team.test");
    expect((await owner.admins.remove({ id })).email).toBe("leaving@team.test");
    expect((await failure(caller.auth.me())).code).toBe("UNAUTHORIZED");
    expect(await lastAudit()).toMatchObject({ entity: "admin", action: "deleted", entity_id: String(id) });
    expect((await lastAudit())?.before).toMatchObject({ email: "leaving@team.test" });
    expect((await lastAudit())?.after).toBeNull();
  });

  it("refuses removing oneself, a non-owner removing anyone, and an unknown admin", async () => {
    const ownerId = (await owner.auth.me()).id;
    expect(await failure(owner.admins.remove({ id: ownerId }))).toEqual({
      code: "BAD_REQUEST",
      message: m.cannotRemoveSelf,
    });
    const { caller } = await newAdmin("plain@team.test");
    expect(await failure(caller.admins.remove({ id: ownerId }))).toEqual({
      code: "FORBIDDEN",
      message: m.ownerOnly,
    });
    expect(await failure(owner.admins.remove({ id: 999_999 }))).toEqual({
      code: "NOT_FOUND",
      message: m.adminNotFound,
    });
    expect((await owner.auth.me()).role).toBe("owner");
  });

  it("transfers ownership: the other admin becomes the owner, I become an admin", async () => {
    const { caller, id } = await newAdmin("heir@team.test");
    const ownerId = (await owner.auth.me()).id;
    expect(await failure(owner.admins.transferOwnership({ id: ownerId }))).toEqual({
      code: "BAD_REQUEST",
      message: m.cannotTransferToSelf,
    });
    const after = await owner.admins.transferOwnership({ id });
    expect(after.find((a) => a.id === id)?.role).toBe("owner");
    expect(after.find((a) => a.id === ownerId)?.role).toBe("admin");
    // The former owner can no longer act as owner; the new one can give it back.
    expect(await failure(owner.admins.transferOwnership({ id }))).toEqual({
      code: "FORBIDDEN",
      message: m.ownerOnly,
    });
    await caller.admins.transferOwnership({ id: ownerId });
    expect((await owner.auth.me()).role).toBe("owner");
  });
});

describe("invite codes", () => {
  it("are in the activity trail: created with the invite's id, and who joined with which one", async () => {
    const invite = await owner.auth.createInvite();
    expect(await lastAudit()).toMatchObject({
      entity: "invite",
      action: "created",
      entity_id: String(invite.id),
      actor_name: "Studio Owner",
    });
    const joined = await h
      .caller()
      .auth.register({ name: "Jay", email: "jay@team.test", password: "secret12", invite_code: invite.code });
    const entry = await lastAudit();
    expect(entry).toMatchObject({
      entity: "admin",
      action: "joined",
      entity_id: String(joined.user.id),
      actor_id: joined.user.id,
      actor_name: "Jay",
      before: null,
      after: { id: joined.user.id, email: "jay@team.test", role: "admin", inviteCodeId: invite.id },
    });
    expect(JSON.stringify(entry)).not.toContain("passwordHash");
    // The owner signed up first, with no code at all.
    const { items } = await owner.admins.activity({ limit: 100, entity: "admin" });
    expect(items.at(-1)).toMatchObject({
      action: "joined",
      actor_name: "Studio Owner",
      after: { role: "owner", inviteCodeId: null, inviteFromSettings: false },
    });
    // The server's own code (ADMIN_SIGNUP_CODE) has no id: the entry says it was that one.
    const other = await h.caller().auth.register({
      name: "Kim",
      email: "kim@team.test",
      password: "secret12",
      invite_code: "INVITE-TEST-CODE",
    });
    expect(await lastAudit()).toMatchObject({
      action: "joined",
      entity_id: String(other.user.id),
      after: { inviteCodeId: null, inviteFromSettings: true },
    });
  });

  it("are listed with expiry and who used them, and an unused one can be revoked", async () => {
    const used = await owner.auth.createInvite();
    await h
      .caller()
      .auth.register({ name: "Ivy", email: "ivy@team.test", password: "secret12", invite_code: used.code });
    const spare = await owner.auth.createInvite();
    const list = await owner.admins.invites();
    const [spareRow, usedRow] = list;
    expect(usedRow).toMatchObject({
      status: "used",
      used_by_email: "ivy@team.test",
      created_by: "Studio Owner",
    });
    expect(spareRow).toMatchObject({ status: "active", used_at: null });
    expect(spareRow?.expires_at).toBe(spare.expires_at);

    expect(await owner.admins.revokeInvite({ id: spareRow!.id })).toMatchObject({ status: "revoked" });
    const refused = await failure(
      h.caller({ ip: "198.51.100.90" }).auth.register({
        name: "Late",
        email: "late@team.test",
        password: "secret12",
        invite_code: spare.code,
      }),
    );
    expect(refused).toEqual({ code: "FORBIDDEN", message: m.inviteInvalid });
    expect(await lastAudit()).toMatchObject({ entity: "invite", action: "revoked" });
  });
});

describe("password reset links", () => {
  it("reset the password once, within 30 minutes, and end every session", async () => {
    const { token } = await newAdmin("forgot@team.test");
    const link = await createPasswordReset(h.deps, "forgot@team.test");
    expect(link).not.toBeNull();
    expect(await createPasswordReset(h.deps, "nobody@team.test")).toBeNull();
    const reset = await h.caller().auth.resetPassword({ token: link!.token, password: "brand-new-pass" });
    expect(reset).toEqual({ message: m.passwordReset });
    expect((await failure(h.caller({ token }).auth.me())).code).toBe("UNAUTHORIZED");
    await h.caller().auth.login({ email: "forgot@team.test", password: "brand-new-pass" });
    // Used: refused, and nothing changes.
    expect(
      await failure(h.caller().auth.resetPassword({ token: link!.token, password: "another-pass" })),
    ).toEqual({
      code: "BAD_REQUEST",
      message: m.resetInvalid,
    });
    await h.caller().auth.login({ email: "forgot@team.test", password: "brand-new-pass" });
  });

  it("refuses an expired or forged link", async () => {
    const link = await createPasswordReset(h.deps, "owner@team.test");
    h.setNow(new Date(Date.now() + RESET_LINK_TTL_MS + 1_000));
    try {
      expect(
        await failure(h.caller().auth.resetPassword({ token: link!.token, password: "expired-pass" })),
      ).toEqual({
        code: "BAD_REQUEST",
        message: m.resetInvalid,
      });
    } finally {
      h.setNow(new Date());
    }
    expect(
      await failure(h.caller().auth.resetPassword({ token: "x".repeat(43), password: "forged-pass" })),
    ).toEqual({ code: "BAD_REQUEST", message: m.resetInvalid });
    await h.caller().auth.login({ email: "owner@team.test", password: "owner-password" });
  });

  it("a reset ends every other outstanding link of the account: an older link no longer works", async () => {
    await newAdmin("twice@team.test");
    const older = await createPasswordReset(h.deps, "twice@team.test");
    const newer = await createPasswordReset(h.deps, "twice@team.test");
    await h.caller().auth.resetPassword({ token: newer!.token, password: "newer-link-pass" });
    expect(
      await failure(h.caller().auth.resetPassword({ token: older!.token, password: "older-link-pass" })),
    ).toEqual({ code: "BAD_REQUEST", message: m.resetInvalid });
    await h.caller().auth.login({ email: "twice@team.test", password: "newer-link-pass" });
  });

  it("a password change ends every outstanding reset link of the account", async () => {
    const { caller } = await newAdmin("changer@team.test");
    const link = await createPasswordReset(h.deps, "changer@team.test");
    await caller.auth.changePassword({ current: "owner-password", next: "changed-pass-1" });
    expect(
      await failure(h.caller().auth.resetPassword({ token: link!.token, password: "link-pass-1" })),
    ).toEqual({ code: "BAD_REQUEST", message: m.resetInvalid });
    await h.caller().auth.login({ email: "changer@team.test", password: "changed-pass-1" });
  });

  it("'Forgot password?' answers the same for known and unknown addresses", async () => {
    const known = await h.caller().auth.requestPasswordReset({ email: "owner@team.test" });
    const unknown = await h.caller().auth.requestPasswordReset({ email: "ghost@team.test" });
    expect(known).toEqual(unknown);
    expect(known).toEqual({ message: m.resetRequested });
  });
});

describe("the audit trail", () => {
  it("records admin changes with who, what and the fields before and after, filterable", async () => {
    const service = await owner.services.create({
      title: "Audit",
      description: "d",
      price: 10,
      duration: "1h",
      category: "photography",
      features: [],
    });
    await owner.services.update({
      id: service.id,
      data: { title: "Audit", description: "d", price: 12, duration: "1h", features: [] },
    });
    await owner.services.delete({ id: service.id });
    const entries = (await owner.admins.activity({ entity: "service", limit: 3 })).items;
    expect(entries.map((e) => e.action)).toEqual(["deleted", "updated", "created"]);
    expect(entries[1]?.before).toMatchObject({ priceCents: 1000 });
    expect(entries[1]?.after).toMatchObject({ priceCents: 1200 });
    expect(entries.map((e) => [e.actor_name, e.entity_id])).toEqual(
      entries.map(() => ["Studio Owner", String(service.id)]),
    );
    // Filters: by admin and by date.
    const ownerId = (await owner.auth.me()).id;
    const mine = await owner.admins.activity({ actorId: ownerId, limit: 100 });
    expect(mine.items.map((e) => e.actor_id).filter((id) => id !== ownerId)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await owner.admins.activity({ from: today, to: today, limit: 5 })).items.length).toBeGreaterThan(
      0,
    );
    expect((await owner.admins.activity({ from: "2000-01-01", to: "2000-01-02", limit: 5 })).items).toEqual(
      [],
    );
    const reversed = await failure(owner.admins.activity({ from: today, to: "2000-01-01", limit: 5 }));
    expect(reversed.code).toBe("BAD_REQUEST");
  });

  it("pages by cursor, newest first, each entry once", async () => {
    const seen: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const page = await owner.admins.activity({ limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((e) => e.id));
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await h.deps.db.auditEntry.count());
  });

  it("cannot be edited or deleted, even with SQL", async () => {
    const entry = await lastAudit();
    await expect(
      h.deps.db.auditEntry.update({ where: { id: entry!.id }, data: { action: "forged" } }),
    ).rejects.toThrow();
    await expect(h.deps.db.auditEntry.delete({ where: { id: entry!.id } })).rejects.toThrow();
    expect((await lastAudit())?.action).toBe(entry?.action);
  });

  it("a refused change leaves no entry", async () => {
    const before = await h.deps.db.auditEntry.count();
    await failure(
      owner.services.update({
        id: 999_999,
        data: { title: "x", description: "d", price: 1, duration: "1h", features: [] },
      }),
    );
    expect(await h.deps.db.auditEntry.count()).toBe(before);
    expect(ownerToken).toBeTruthy();
  });
});
