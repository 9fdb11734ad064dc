import { Hono } from "hono";
import { ok, readJson, type RestEnv } from "./respond";

/** /api/studio/profile: the studio's details (public), saved by an admin with PUT (the whole profile). */
export const studioRoutes = new Hono<RestEnv>()
  .get("/profile", async (c) => ok(c, { success: true, data: await c.var.caller.site.profile() }))
  .put("/profile", async (c) => {
    const data = await c.var.caller.studio.updateProfile((await readJson(c)) as never);
    return ok(c, { success: true, data });
  });
