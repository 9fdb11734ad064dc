import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { queryInput } from "./query";
import { ok, readCatalogJson, type RestEnv } from "./respond";

const m = MESSAGES.portfolio;

/**
 * /api/portfolio; the upload-image route lives in upload.ts.
 * GET / is public (published items only); with a valid admin token it lists every status. `?status=all|
 * published|draft|private` (optionally `&category=`) asks for the admin list and needs the admin token.
 */
export const portfolioRoutes = new Hono<RestEnv>()
  .get("/", async (c) => {
    const { status, category } = queryInput(c, ["status", "category"]);
    // Without a status, an admin gets every item, as the original backend answered its admin page; a visitor (or
    // a stale token) the published ones.
    const admin =
      status !== undefined || (c.req.header("authorization") !== undefined && (await c.var.auth()) !== null);
    const data = admin
      ? await c.var.caller.portfolio.adminList({
          status: (status === undefined || status === "all" ? undefined : status) as never,
          category: category as never,
        })
      : await c.var.caller.portfolio.list();
    return ok(c, { success: true, data });
  })
  .get("/category/:category", async (c) => {
    const data = await c.var.caller.portfolio.byCategory({ category: c.req.param("category") as never });
    return ok(c, { success: true, data });
  })
  .get("/:id", async (c) => {
    const data = await c.var.caller.portfolio.get({ id: c.req.param("id") });
    return ok(c, { success: true, data });
  })
  .post("/", async (c) => {
    const data = await c.var.caller.portfolio.create((await readCatalogJson(c)) as never);
    return ok(c, { success: true, data, message: m.created }, 201);
  })
  .put("/:id", async (c) => {
    const body = await readCatalogJson(c);
    const data = await c.var.caller.portfolio.update({ id: c.req.param("id"), data: body as never });
    return ok(c, { success: true, data, message: m.updated });
  })
  .delete("/:id", async (c) => {
    const data = await c.var.caller.portfolio.delete({ id: c.req.param("id") });
    return ok(c, { success: true, data, message: m.deleted });
  });
