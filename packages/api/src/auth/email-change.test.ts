/**
 * Changing an admin's e-mail address (issue 28, item 1): a stolen session alone cannot move the account to
 * another address. The current password is needed, the new address is used only once its link confirms it, and
 * the old address can undo the change for 7 days (ending every session). SQLite by default; PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { createHash } from "node:crypto";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailedLinkToken } from "../testing/email-change";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";
import { createPasswordReset } from "./admins";
import { EMAIL_CONFIRM_TTL_MS, EMAIL_UNDO_TTL_MS, pendingEmail } from "./email-change";

const m = MESSAGES.auth;
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  await h.admin("owner@change.test");
});
afterAll(async () => {
  await h.close();
});

async function account(email: string) {
  const { caller, token } = await h.admin(email);
  const id = (await h.deps.db.adminUser.findUniqueOrThrow({ where: { email } })).id;
  return { caller, token, id };
}
const emailOf = async (id: number) => (await h.deps.db.adminUser.findUniqueOrThrow({ where: { id } })).email;
const signIn = (email: string, password = "owner-password") =>
  h.caller({ ip: "198.51.100.60" }).auth.login({ email, password });
const links = (to: string) => mailedLinkToken(h, "confirm-email", to);
const undoLink = (from: string) => mailedLinkToken(h, "undo-email-change", from);

describe("asking for a new e-mail address", () => {
  it("needs the current password: without it, or with a wrong one, nothing changes and nothing is mailed", async () => {
    const { caller, id } = await account("keep@change.test");
    const mails = await h.deps.db.outgoingMail.count();
    expect(await failure(caller.auth.updateProfile({ name: "Keep", email: "thief@evil.test" }))).toEqual({
      code: "BAD_REQUEST",
      message: m.currentPasswordForEmail,
    });
    expect(
      await failure(
        caller.auth.updateProfile({ name: "Keep", email: "thief@evil.test", current_password: "guessed-it" }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: m.currentPasswordWrong });
    expect(await emailOf(id)).toBe("keep@change.test");
    expect(await h.deps.db.emailChange.count({ where: { userId: id } })).toBe(0);
    expect(await h.deps.db.outgoingMail.count()).toBe(mails);
    // The name alone needs no password.
    const renamed = await caller.auth.updateProfile({ name: "Keeper", email: "keep@change.test" });
    expect(renamed).toMatchObject({
      user: { name: "Keeper", email: "keep@change.test" },
      pending_email: null,
    });
  });

  it("guesses of the current password count against the sign-in lockout", async () => {
    const { token, id } = await account("locked@change.test");
    const stolen = h.caller({ token, ip: "198.51.100.61" });
    for (let i = 0; i < 5; i++)
      await failure(
        stolen.auth.updateProfile({ name: "L", email: "thief@evil.test", current_password: `guess-${i}-x` }),
      );
    const locked = await failure(
      stolen.auth.updateProfile({ name: "L", email: "thief@evil.test", current_password: "owner-password" }),
    );
    expect(locked.code).toBe("TOO_MANY_REQUESTS");
    expect(await emailOf(id)).toBe("locked@change.test");
  });

  it("keeps the old address for sign-in and resets until the new one is confirmed; both addresses are mailed", async () => {
    const { caller, id } = await account("old@change.test");
    const saved = await caller.auth.updateProfile({
      name: "Moving",
      email: "new@change.test",
      current_password: "owner-password",
    });
    expect(saved).toEqual({
      user: expect.objectContaining({ name: "Moving", email: "old@change.test" }),
      pending_email: "new@change.test",
      message: m.emailChangeRequested("new@change.test"),
    });
    expect(await caller.auth.pendingEmail()).toEqual({ pending_email: "new@change.test" });
    expect((await caller.auth.me()).email).toBe("old@change.test");
    expect(await emailOf(id)).toBe("old@change.test");
    await signIn("old@change.test");
    expect((await failure(signIn("new@change.test"))).code).toBe("UNAUTHORIZED");
    // A reset asked for the unconfirmed address makes no link for this account.
    const resets = await h.deps.db.passwordReset.count({ where: { userId: id } });
    await h.caller().auth.requestPasswordReset({ email: "new@change.test" });
    await h.runJobs();
    expect(await h.deps.db.passwordReset.count({ where: { userId: id } })).toBe(resets);
    expect(
      await h.deps.db.outgoingMail.count({ where: { kind: "auth.reset", recipients: "new@change.test" } }),
    ).toBe(0);

    const confirm = await links("new@change.test");
    const undo = await undoLink("old@change.test");
    expect(confirm).toBeTruthy();
    expect(undo).toBeTruthy();
    // Only the SHA-256 of each token is stored.
    const row = await h.deps.db.emailChange.findFirstOrThrow({ where: { userId: id } });
    const sha = (s: string) => createHash("sha256").update(s).digest("hex");
    expect(row).toMatchObject({ confirmHash: sha(confirm!), undoHash: sha(undo!) });
    expect(JSON.stringify(row)).not.toContain(confirm!);
    expect(JSON.stringify(row)).not.toContain(undo!);
    // The Mail page hides both messages (they hold working links).
    const { caller: owner } = await h.admin("owner@change.test");
    for (const kind of ["auth.email_confirm", "auth.email_changed"]) {
      const mail = await h.deps.db.outgoingMail.findFirstOrThrow({
        where: { kind },
        orderBy: { id: "desc" },
      });
      expect(await owner.mail.get({ id: mail.id })).toMatchObject({ redacted: true, html: "" });
    }
  });
});

describe("the confirm link (to the new address)", () => {
  it("moves sign-in and resets to the new address, once", async () => {
    const { caller, id, token } = await account("before@change.test");
    await caller.auth.updateProfile({
      name: "B",
      email: "after@change.test",
      current_password: "owner-password",
    });
    const confirm = (await links("after@change.test"))!;
    expect(await h.caller().auth.confirmEmail({ token: confirm })).toEqual({ message: m.emailConfirmed });
    expect(await emailOf(id)).toBe("after@change.test");
    expect((await h.caller({ token }).auth.me()).email).toBe("after@change.test");
    expect(await caller.auth.pendingEmail()).toEqual({ pending_email: null });
    await signIn("after@change.test");
    expect((await failure(signIn("before@change.test"))).code).toBe("UNAUTHORIZED");
    expect(await failure(h.caller().auth.confirmEmail({ token: confirm }))).toEqual({
      code: "BAD_REQUEST",
      message: m.emailLinkInvalid,
    });
  });

  it("is refused when forged, expired, or replaced by a newer request", async () => {
    const { caller, id } = await account("slow@change.test");
    expect(await failure(h.caller().auth.confirmEmail({ token: "x".repeat(43) }))).toEqual({
      code: "BAD_REQUEST",
      message: m.emailLinkInvalid,
    });
    const ask = (email: string) =>
      caller.auth.updateProfile({ name: "S", email, current_password: "owner-password" });
    await ask("first@change.test");
    const first = (await links("first@change.test"))!;
    await ask("second@change.test");
    const second = (await links("second@change.test"))!;
    expect((await failure(h.caller().auth.confirmEmail({ token: first }))).message).toBe(m.emailLinkInvalid);
    h.setNow(new Date(Date.now() + EMAIL_CONFIRM_TTL_MS + 60_000));
    try {
      expect((await failure(h.caller().auth.confirmEmail({ token: second }))).message).toBe(
        m.emailLinkInvalid,
      );
      // The session itself has run out by then; the account has no address waiting any more.
      expect(await pendingEmail(h.deps, id)).toBeNull();
    } finally {
      h.setNow(new Date());
    }
    expect(await emailOf(id)).toBe("slow@change.test");
  });
});

describe("the undo link (to the old address)", () => {
  it("after confirmation: restores the old address, ends every session and reset link of the account, once", async () => {
    const { caller, id, token } = await account("victim@change.test");
    const otherSession = await signIn("victim@change.test");
    await caller.auth.updateProfile({
      name: "V",
      email: "attacker@evil.test",
      current_password: "owner-password",
    });
    await h.caller().auth.confirmEmail({ token: (await links("attacker@evil.test"))! });
    // The new address asks for a reset link: the undo must end it too.
    const reset = await createPasswordReset(h.deps, "attacker@evil.test");
    const undo = (await undoLink("victim@change.test"))!;
    expect(await h.caller().auth.undoEmailChange({ token: undo })).toEqual({ message: m.emailChangeUndone });
    expect(await emailOf(id)).toBe("victim@change.test");
    for (const t of [token, otherSession.token])
      expect((await failure(h.caller({ token: t }).auth.me())).code).toBe("UNAUTHORIZED");
    expect(
      await failure(h.caller().auth.resetPassword({ token: reset!.token, password: "attacker-pass" })),
    ).toEqual({ code: "BAD_REQUEST", message: m.resetInvalid });
    await signIn("victim@change.test");
    expect((await failure(signIn("attacker@evil.test"))).code).toBe("UNAUTHORIZED");
    expect((await failure(h.caller().auth.undoEmailChange({ token: undo }))).message).toBe(
      m.emailLinkInvalid,
    );
  });

  it("before confirmation: the change is dropped, its confirm link stops working, sessions end", async () => {
    const { caller, id, token } = await account("early@change.test");
    await caller.auth.updateProfile({
      name: "E",
      email: "pending@evil.test",
      current_password: "owner-password",
    });
    const confirm = (await links("pending@evil.test"))!;
    await h.caller().auth.undoEmailChange({ token: (await undoLink("early@change.test"))! });
    expect((await failure(h.caller({ token }).auth.me())).code).toBe("UNAUTHORIZED");
    expect((await failure(h.caller().auth.confirmEmail({ token: confirm }))).message).toBe(
      m.emailLinkInvalid,
    );
    expect(await emailOf(id)).toBe("early@change.test");
  });

  it("works for 7 days, not after", async () => {
    const { caller, id } = await account("late@change.test");
    await caller.auth.updateProfile({
      name: "La",
      email: "later@change.test",
      current_password: "owner-password",
    });
    await h.caller().auth.confirmEmail({ token: (await links("later@change.test"))! });
    const undo = (await undoLink("late@change.test"))!;
    h.setNow(new Date(Date.now() + EMAIL_UNDO_TTL_MS + 60_000));
    try {
      expect((await failure(h.caller().auth.undoEmailChange({ token: undo }))).message).toBe(
        m.emailLinkInvalid,
      );
    } finally {
      h.setNow(new Date());
    }
    expect(await emailOf(id)).toBe("later@change.test");
  });
});

describe("without a mail server", () => {
  it("the new address applies at once, still only with the current password", async () => {
    const original = h.deps.config.mail;
    h.deps.config.mail = { ...original, enabled: false };
    try {
      const { caller, id } = await account("nomail@change.test");
      expect(
        (await failure(caller.auth.updateProfile({ name: "N", email: "nomail2@change.test" }))).message,
      ).toBe(m.currentPasswordForEmail);
      const saved = await caller.auth.updateProfile({
        name: "N",
        email: "nomail2@change.test",
        current_password: "owner-password",
      });
      expect(saved).toMatchObject({ user: { email: "nomail2@change.test" }, pending_email: null });
      expect(await emailOf(id)).toBe("nomail2@change.test");
    } finally {
      h.deps.config.mail = original;
    }
  });
});
