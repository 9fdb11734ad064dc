import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import { queryInput } from "./query";
import { ok, readJson, type RestEnv } from "./respond";

const m = MESSAGES.portfolio;

/**
 * /api/portfolio; the upload-image route lives in upload.ts.
 * GET / is public (published items only). `?status=all|published|draft|private` (optionally `&category=`)
 * asks for the admin list instead and needs the admin token, so a visitor's stale token never breaks the
 * public list.
 */
export const portfolioRoutes = new Hono<RestEnv>()
  .get("/", async (c) => {
    const { status, category } = queryInput(c, ["status", "category"]);
    const data =
      status === undefined
        ? await c.var.caller.portfolio.list()
        : await c.var.caller.portfolio.adminList({
            status: (status === "all" ? undefined : status) as never,
            category: category as never,
          });
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
    const data = await c.var.caller.portfolio.create((await readJson(c)) as never);
    return ok(c, { success: true, data, message: m.created }, 201);
  })
  .put("/:id", async (c) => {
    const body = await readJson(c);
    const data = await c.var.caller.portfolio.update({ id: c.req.param("id"), data: body as never });
    return ok(c, { success: true, data, message: m.updated });
  })
  .delete("/:id", async (c) => {
    const data = await c.var.caller.portfolio.delete({ id: c.req.param("id") });
    return ok(c, { success: true, data, message: m.deleted });
  });
