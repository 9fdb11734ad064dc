import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { queryInput } from "./query";
import { ok, readJson, type RestEnv } from "./respond";

const m = MESSAGES.feedback;

/** /api/feedback: static paths (/approved, /stats, /category/:c) are registered before /:id. */
export const feedbackRoutes = new Hono<RestEnv>()
  .post("/", async (c) => {
    const { id, message } = await c.var.caller.feedback.submit((await readJson(c)) as never);
    return ok(c, { success: true, message, data: { id } }, 201);
  })
  .get("/approved", async (c) => {
    const data = await c.var.caller.feedback.approved(queryInput(c, ["limit"]));
    return ok(c, { success: true, data });
  })
  // A visitor (no token) gets the figures of approved feedback only; an admin token gets the full figures.
  .get("/stats", async (c) => {
    if (c.req.header("authorization") !== undefined)
      return ok(c, { success: true, data: await c.var.caller.feedback.stats() });
    const { count, average_rating } = await c.var.caller.feedback.summary();
    return ok(c, {
      success: true,
      data: { total_feedback: count, average_rating, pending_count: 0, approved_count: count },
    });
  })
  .get("/category/:category", async (c) => {
    const data = await c.var.caller.feedback.byCategory({
      category: c.req.param("category") as never,
      ...queryInput(c, ["limit"]),
    });
    return ok(c, { success: true, data });
  })
  .get("/", async (c) => {
    const input = queryInput(c, ["limit", "offset", "status"]);
    const data = await c.var.caller.feedback.list(input as never);
    return ok(c, { success: true, data });
  })
  .get("/:id", async (c) => {
    const data = await c.var.caller.feedback.get({ id: c.req.param("id") });
    return ok(c, { success: true, data });
  })
  .patch("/:id/status", async (c) => {
    const { status } = await readJson(c);
    const data = await c.var.caller.feedback.setStatus({ id: c.req.param("id"), status: status as never });
    return ok(c, { success: true, data, message: m.statusUpdated });
  })
  .delete("/:id", async (c) => {
    const data = await c.var.caller.feedback.delete({ id: c.req.param("id") });
    return ok(c, { success: true, data, message: m.deleted });
  });
