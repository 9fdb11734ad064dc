import { MESSAGES } from "@studio/validators";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { createHarness, type Harness } from "../testing/harness";
import { rejection, shownMessage } from "../testing/rejection";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("register and login", () => {
  it("makes the first account the owner and returns a working token", async () => {
    const result = await h
      .caller()
      .auth.register({ name: " Olivia Owner ", email: "Owner@Studio.test", password: "secret12" });
    expect(result.user).toMatchObject({ name: "Olivia Owner", email: "owner@studio.test", role: "owner" });
    const me = await h.caller({ token: result.token }).auth.me();
    expect(me.email).toBe("owner@studio.test");
  });

  it("reports that sign-up now needs an invite", async () => {
    expect(await h.caller().auth.signupStatus()).toEqual({ inviteRequired: true });
  });

  it("refuses later sign-ups without an invite code with 403", async () => {
    const error = await rejection(
      h.caller().auth.register({ name: "Eve", email: "eve@x.test", password: "secret12" }),
    );
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toBe(MESSAGES.auth.inviteRequired);
  });

  it("refuses a wrong invite code", async () => {
    const error = await rejection(
      h
        .caller()
        .auth.register({ name: "Eve", email: "eve@x.test", password: "secret12", invite_code: "WRONG-CODE" }),
    );
    expect(error.code).toBe("FORBIDDEN");
    expect(error.message).toBe(MESSAGES.auth.inviteInvalid);
  });

  it("accepts the configured invite code and makes an admin", async () => {
    const result = await h.caller().auth.register({
      name: "Adam",
      email: "adam@x.test",
      password: "secret12",
      invite_code: "INVITE-TEST-CODE",
    });
    expect(result.user.role).toBe("admin");
  });

  it("accepts a generated invite code exactly once", async () => {
    const { token } = await h.caller().auth.login({ email: "owner@studio.test", password: "secret12" });
    const caller = h.caller({ token });
    const { code } = await caller.auth.createInvite();
    const first = await h
      .caller()
      .auth.register({ name: "Ina", email: "ina@x.test", password: "secret12", invite_code: code });
    expect(first.user.role).toBe("admin");
    const again = await rejection(
      h.caller().auth.register({ name: "Jo", email: "jo@x.test", password: "secret12", invite_code: code }),
    );
    expect(again.message).toBe(MESSAGES.auth.inviteInvalid);
  });

  it("refuses a duplicate e-mail with 409", async () => {
    const error = await rejection(
      h.caller().auth.register({
        name: "A",
        email: "ADAM@x.test",
        password: "secret12",
        invite_code: "INVITE-TEST-CODE",
      }),
    );
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(MESSAGES.auth.emailTaken);
  });

  it.each([
    [{ name: "A", email: "a@x.test", password: "12345" }, MESSAGES.auth.passwordTooShort],
    [{ name: "A", email: "not-an-email", password: "secret12" }, MESSAGES.auth.emailInvalid],
    [{ name: "", email: "a@x.test", password: "secret12" }, MESSAGES.auth.nameRequired],
    [{ name: "A", email: "", password: "secret12" }, MESSAGES.auth.emailRequired],
    [{ email: "a@x.test", password: "secret12" }, MESSAGES.auth.nameRequired],
  ])("validates %o", async (input, message) => {
    const error = await rejection(h.caller().auth.register(input as never));
    expect(error.code).toBe("BAD_REQUEST");
    expect(shownMessage(error)).toBe(message);
  });

  it("refuses a wrong password with 401 and a clear message", async () => {
    const error = await rejection(
      h.caller().auth.login({ email: "adam@x.test", password: "wrong-password" }),
    );
    expect(error.code).toBe("UNAUTHORIZED");
    expect(error.message).toBe(MESSAGES.auth.invalidCredentials);
  });

  it("throttles repeated failures per e-mail with 429 and a retry time", async () => {
    const caller = h.caller({ ip: "198.51.100.7" });
    for (let i = 0; i < 5; i++) {
      await rejection(caller.auth.login({ email: "ina@x.test", password: "nope-nope" }));
    }
    const error = await rejection(caller.auth.login({ email: "ina@x.test", password: "secret12" }));
    expect(error.code).toBe("TOO_MANY_REQUESTS");
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details.retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe("admin procedures reject bad tokens", () => {
  const secret = new TextEncoder().encode("test-secret-test-secret-test-secret-0123");
  const sign = (secretKey: Uint8Array, exp: number, aud = "studio-admin") =>
    new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setJti("x")
      .setIssuer("studio")
      .setAudience(aud)
      .setExpirationTime(exp)
      .sign(secretKey);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

  it.each([
    ["missing", async () => null],
    ["malformed", async () => "not.a.jwt"],
    ["garbage", async () => "garbage"],
    ["expired", async () => sign(secret, Math.floor(Date.now() / 1000) - 60)],
    [
      "wrongly signed",
      async () =>
        sign(
          new TextEncoder().encode("another-deployment-secret-0123456789"),
          Math.floor(Date.now() / 1000) + 600,
        ),
    ],
    [
      "alg none",
      async () =>
        `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: "1", jti: "x", iss: "studio", aud: "studio-admin", exp: Math.floor(Date.now() / 1000) + 600 })}.`,
    ],
    ["unknown session", async () => sign(secret, Math.floor(Date.now() / 1000) + 600)],
  ])("%s token → UNAUTHORIZED", async (_name, makeToken) => {
    const error = await rejection(h.caller({ token: await makeToken() }).auth.me());
    expect(error.code).toBe("UNAUTHORIZED");
  });

  it("logout revokes the token on the server", async () => {
    const { token } = await h.caller().auth.login({ email: "adam@x.test", password: "secret12" });
    const caller = h.caller({ token });
    await caller.auth.me();
    await caller.auth.logout();
    expect((await rejection(caller.auth.me())).code).toBe("UNAUTHORIZED");
  });
});
