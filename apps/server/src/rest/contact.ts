import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { queryInput } from "./query";
import { ok, readJson, type RestEnv } from "./respond";

/** /api/contact: the public form, plus the admin inbox (list, mark read, delete). */
export const contactRoutes = new Hono<RestEnv>()
  .post("/", async (c) => {
    const { id, message } = await c.var.caller.contact.send((await readJson(c)) as never);
    return ok(c, { success: true, message, data: { id } }, 201);
  })
  .get("/", async (c) => {
    const { unread: unreadOnly, ...page } = queryInput(c, ["limit", "offset", "unread"]);
    const { items, total, unread } = await c.var.caller.contact.list({ ...page, unreadOnly } as never);
    return ok(c, { success: true, data: items, total, unread });
  })
  .patch("/:id/read", async (c) => {
    const { read } = await readJson(c);
    const data = await c.var.caller.contact.setRead({ id: c.req.param("id"), read: (read ?? true) as never });
    return ok(c, { success: true, data });
  })
  .delete("/:id", async (c) => {
    const data = await c.var.caller.contact.delete({ id: c.req.param("id") });
    return ok(c, { success: true, data, message: MESSAGES.contact.deleted });
  });
