/**
 * An e-mail field takes exactly one mailbox (issue 28, item 12): "a@x.test,b@y.test" or group syntax
 * ("team:a@x.test;") would reach the mail transport as several recipients. Refused by the shared rule
 * (EMAIL_PATTERN) on the public forms, the accounts and the studio profile; nothing stored, no mail queued. On the
 * test database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
import { DEFAULT_STUDIO_PROFILE, EMAIL_PATTERN, isMailbox, MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";
import { failure } from "../testing/rejection";

const NOT_ONE_MAILBOX = [
  "a@x.test,b@y.test",
  "a@x.test, b@y.test",
  "a@x.test;b@y.test",
  "team:a@x.test;",
  "team: a@x.test, b@y.test;",
  "Ann <a@x.test>",
  "<a@x.test>",
  '"a,b"@x.test',
  "a@x.test (comment)",
  "a(b)@x.test",
  "a@[127.0.0.1]",
  "a..b@x.test",
  ".a@x.test",
  "a@x..test",
  "a@-x.test",
  "a@x",
  "a@x.test\u0000",
  "a@x.test\r\nBcc: b@y.test",
];

describe("the e-mail rule", () => {
  it.each(NOT_ONE_MAILBOX)("refuses %j", (value) => {
    expect(EMAIL_PATTERN.test(value)).toBe(false);
  });

  it.each(["a@x.test", "Ann.Lee+studio@mail.x.test", "o'neil@x.test", "ünïcödé@例え.jp", "a_b-c@x-y.test"])(
    "accepts %j",
    (value) => {
      expect(EMAIL_PATTERN.test(value)).toBe(true);
    },
  );

  it("a From setting is still one mailbox, with or without a display name", () => {
    expect(isMailbox("Lakeside Films <hello@lakeside.test>")).toBe(true);
    expect(isMailbox("hello@lakeside.test")).toBe(true);
    expect(isMailbox("Lakeside <a@x.test,b@y.test>")).toBe(false);
  });
});

describe("e-mail fields through the procedures", () => {
  let h: Harness;
  let owner: Awaited<ReturnType<Harness["admin"]>>["caller"];

  beforeAll(async () => {
    h = await createHarness();
    owner = (await h.admin()).caller;
  });
  afterAll(async () => {
    await h.close();
  });

  const stored = async () => ({
    messages: await h.deps.db.contactMessage.count(),
    feedback: await h.deps.db.feedback.count(),
    mail: await h.deps.db.outgoingMail.count(),
    admins: await h.deps.db.adminUser.count(),
  });

  it.each(NOT_ONE_MAILBOX)(
    "%j is refused on the contact form, the feedback form and sign-up",
    async (email) => {
      const before = await stored();
      const contact = {
        name: "Lena",
        email,
        phone: "",
        subject: "Hi",
        message: "Hello",
        serviceType: "",
      } as const;
      expect(await failure(h.caller().contact.send(contact))).toEqual({
        code: "BAD_REQUEST",
        message: MESSAGES.contact.emailInvalid,
      });
      expect(
        await failure(h.caller().feedback.submit({ name: "F", email, rating: 5, message: "Great" })),
      ).toEqual({ code: "BAD_REQUEST", message: MESSAGES.feedback.emailInvalid });
      expect(
        await failure(h.caller().auth.register({ name: "M", email, password: "secret12", invite_code: "x" })),
      ).toMatchObject({ code: "BAD_REQUEST", message: MESSAGES.auth.emailInvalid });
      expect(await stored()).toEqual(before);
    },
  );

  it("the studio profile's addresses take one mailbox each", async () => {
    const { updated_at: _ignored, ...profile } = DEFAULT_STUDIO_PROFILE;
    for (const email of ["hello@studio.test,spy@evil.test", "team:hello@studio.test;"]) {
      expect(await failure(owner.studio.updateProfile({ ...profile, emails: [email] }))).toEqual({
        code: "BAD_REQUEST",
        message: MESSAGES.studio.emailInvalid,
      });
    }
    expect((await h.caller().site.profile()).emails).toEqual(DEFAULT_STUDIO_PROFILE.emails);
  });
});
