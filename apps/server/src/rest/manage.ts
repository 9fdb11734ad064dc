import { Hono } from "hono";
import { ok, readJson, type RestEnv } from "./respond";

/**
 * /api/manage/:token: the client's self-service page over REST (the same procedures as tRPC manage.*).
 * GET the booking, GET …/availability?date=, POST …/cancel, POST …/move { date, time }.
 */
export const manageRoutes = new Hono<RestEnv>()
  .get("/:token", async (c) => {
    const data = await c.var.caller.manage.get({ token: c.req.param("token") });
    return ok(c, { success: true, data });
  })
  .get("/:token/availability", async (c) => {
    const data = await c.var.caller.manage.availability({
      token: c.req.param("token"),
      date: c.req.query("date") as never,
    });
    return ok(c, { success: true, data });
  })
  .post("/:token/cancel", async (c) => {
    const { view, message, replayed } = await c.var.caller.manage.cancel({ token: c.req.param("token") });
    return ok(c, { success: true, message, replayed, data: view });
  })
  .post("/:token/move", async (c) => {
    const body = await readJson(c);
    const { view, message, replayed } = await c.var.caller.manage.move({
      token: c.req.param("token"),
      date: body.date as never,
      time: body.time as never,
    });
    return ok(c, { success: true, message, replayed, data: view });
  });
