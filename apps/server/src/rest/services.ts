import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { ok, readCatalogJson, type RestEnv } from "./respond";

const m = MESSAGES.service;

/** /api/services; the upload-image route lives in upload.ts. */
export const servicesRoutes = new Hono<RestEnv>()
  .get("/", async (c) => ok(c, { success: true, data: await c.var.caller.services.list() }))
  .get("/category/:category", async (c) => {
    const data = await c.var.caller.services.byCategory({ category: c.req.param("category") as never });
    return ok(c, { success: true, data });
  })
  .get("/:id", async (c) => {
    const data = await c.var.caller.services.get({ id: c.req.param("id") });
    return ok(c, { success: true, data });
  })
  .post("/", async (c) => {
    const data = await c.var.caller.services.create((await readCatalogJson(c)) as never);
    return ok(c, { success: true, data, message: m.created }, 201);
  })
  .put("/:id", async (c) => {
    const body = await readCatalogJson(c);
    const data = await c.var.caller.services.update({ id: c.req.param("id"), data: body as never });
    return ok(c, { success: true, data, message: m.updated });
  })
  // A service that bookings use is archived rather than deleted; the answer says which, and why.
  .delete("/:id", async (c) => {
    const data = await c.var.caller.services.delete({ id: c.req.param("id") });
    return ok(c, { success: true, data, message: data.archived ? m.archived(data.bookings) : m.deleted });
  });
