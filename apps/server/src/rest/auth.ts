import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { ok, readJson, type RestEnv } from "./respond";

/** External tools send the invite code as `invite_code` or `inviteCode`; the first spelling wins. */
function withInviteCode(body: Record<string, unknown>): Record<string, unknown> {
  const { inviteCode, ...rest } = body;
  return rest.invite_code === undefined && inviteCode !== undefined
    ? { ...rest, invite_code: inviteCode }
    : rest;
}

export const authRoutes = new Hono<RestEnv>()
  .post("/register", async (c) => {
    const result = await c.var.caller.auth.register(withInviteCode(await readJson(c)) as never);
    return ok(
      c,
      { success: true, token: result.token, user: result.user, message: MESSAGES.auth.registered },
      201,
    );
  })
  .post("/login", async (c) => {
    const result = await c.var.caller.auth.login((await readJson(c)) as never);
    return ok(c, { success: true, token: result.token, user: result.user, message: MESSAGES.auth.loggedIn });
  })
  .get("/me", async (c) => ok(c, { success: true, data: await c.var.caller.auth.me() }))
  .post("/logout", async (c) => {
    const { message } = await c.var.caller.auth.logout();
    return ok(c, { success: true, message });
  });
