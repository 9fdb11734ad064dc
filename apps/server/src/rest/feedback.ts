import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { queryInput } from "./query";
import { readJson, type RestEnv } from "./respond";

const m = MESSAGES.feedback;

/** /api/feedback: static paths (/approved, /stats, /category/:c) are registered before /:id. */
export const feedbackRoutes = new Hono<RestEnv>()
  .post("/", async (c) => {
    const { id, message } = await c.var.caller.feedback.submit((await readJson(c)) as never);
    return c.json({ success: true, message, data: { id } }, 201);
  })
  .get("/approved", async (c) => {
    const data = await c.var.caller.feedback.approved(queryInput(c, ["limit"]));
    return c.json({ success: true, data });
  })
  .get("/stats", async (c) => c.json({ success: true, data: await c.var.caller.feedback.stats() }))
  .get("/category/:category", async (c) => {
    const data = await c.var.caller.feedback.byCategory({
      category: c.req.param("category") as never,
      ...queryInput(c, ["limit"]),
    });
    return c.json({ success: true, data });
  })
  .get("/", async (c) => {
    const input = queryInput(c, ["limit", "offset", "status"]);
    const data = await c.var.caller.feedback.list(input as never);
    return c.json({ success: true, data });
  })
  .get("/:id", async (c) => {
    const data = await c.var.caller.feedback.get({ id: c.req.param("id") });
    return c.json({ success: true, data });
  })
  .patch("/:id/status", async (c) => {
    const { status } = await readJson(c);
    const data = await c.var.caller.feedback.setStatus({ id: c.req.param("id"), status: status as never });
    return c.json({ success: true, data, message: m.statusUpdated });
  })
  .delete("/:id", async (c) => {
    const data = await c.var.caller.feedback.delete({ id: c.req.param("id") });
    return c.json({ success: true, data, message: m.deleted });
  });
