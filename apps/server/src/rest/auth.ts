import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { readJson, type RestEnv } from "./respond";

export const authRoutes = new Hono<RestEnv>()
  .post("/register", async (c) => {
    const result = await c.var.caller.auth.register((await readJson(c)) as never);
    return c.json(
      { success: true, token: result.token, user: result.user, message: MESSAGES.auth.registered },
      201,
    );
  })
  .post("/login", async (c) => {
    const result = await c.var.caller.auth.login((await readJson(c)) as never);
    return c.json({ success: true, token: result.token, user: result.user, message: MESSAGES.auth.loggedIn });
  })
  .get("/me", async (c) => c.json({ success: true, data: await c.var.caller.auth.me() }))
  .post("/logout", async (c) => {
    const { message } = await c.var.caller.auth.logout();
    return c.json({ success: true, message });
  });
