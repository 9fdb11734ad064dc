import {
  type BookingCreateInput,
  type BookingStatus,
  LEGACY_SERVICE_SLUG_IDS,
  MESSAGES,
} from "@studio/validators";
import { type Context, Hono } from "hono";
import { chunkBytes } from "./chunk-bytes";
import { type ChunkRange, chunkRanges, readingRanges } from "./chunk-ranges";
import { absoluteFileUrl, ok, readJson, type RestEnv } from "./respond";

/**
 * Rows per database round trip while streaming the whole list or the CSV export (the most a chunk takes).
 * Each round trip costs about the same fixed time: at a million bookings on PostgreSQL, chunks of 1,000 rows
 * streamed 65,000 rows/s and chunks of 10,000 about 110,000. A chunk's text is about 3 MB; the server holds
 * two at most (see CHUNKS_AHEAD).
 */
export const STREAM_CHUNK = 10_000;

/** Strings from the request; the procedures validate them (the casts only satisfy the compiler). */
type Filter = { status?: BookingStatus; search?: string };

/** "" and "all" (the admin page's "All Status") mean no status filter. */
function statusParam(value: string | undefined): BookingStatus | undefined {
  return value === undefined || value === "" || value === "all" ? undefined : (value as BookingStatus);
}

/**
 * Legacy clients send a service slug instead of service_id (specification, section 7 notes). The slug is
 * only used when service_id is absent; unknown slugs leave it absent, so validation says "Please select a
 * service".
 */
function withLegacyService(body: Record<string, unknown>): Record<string, unknown> {
  const { service, ...rest } = body;
  const hasId = rest.service_id !== undefined && rest.service_id !== null && rest.service_id !== "";
  if (hasId || typeof service !== "string") return rest;
  const slug = service.trim().toLowerCase();
  return Object.hasOwn(LEGACY_SERVICE_SLUG_IDS, slug)
    ? { ...rest, service_id: LEGACY_SERVICE_SLUG_IDS[slug] }
    : rest;
}

/**
 * A list endpoint: with limit, offset or cursor one page (plus total and next_cursor); without them the
 * whole filtered list, streamed. The first chunk is fetched before the response starts, so a missing token
 * or a bad filter still answers with a proper 401/400.
 */
async function listResponse(c: Context<RestEnv>, filter: Filter): Promise<Response> {
  const q = c.req.query();
  const caller = c.var.caller;
  if (q.limit !== undefined || q.offset !== undefined || q.cursor !== undefined) {
    const page = await caller.bookings.list({
      ...filter,
      limit: q.limit,
      offset: q.offset,
      cursor: q.cursor,
    });
    return ok(c, { success: true, data: page.items, total: page.total, next_cursor: page.nextCursor });
  }
  const first = await caller.bookings.listChunk({ ...filter, limit: STREAM_CHUNK });
  const read = (range: ChunkRange) => caller.bookings.listChunk({ ...filter, ...range, limit: STREAM_CHUNK });
  return c.body(streamJsonList(streamChunks(c, filter, first, read), c.var.origin), 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  });
}

/**
 * Chunks being read or waiting to be written, besides the one being written. One is enough for the database to
 * read while Node writes; two held a server capped at a 64 MB heap so close to its limit that it collected
 * garbage after almost every chunk, and once ran out of memory.
 */
const CHUNKS_AHEAD = 1;
/** Chunks whose ends one read of the index finds (chunkFloors): one short read every this many chunks. */
const CHUNKS_PER_FLOORS = 8;

/**
 * The chunks of a stream (the full list or the CSV export), `first` and the rest read ahead by their ranges
 * (chunk-ranges.ts); null once all are taken.
 */
function streamChunks<C extends { nextCursor: number | null }>(
  c: Context<RestEnv>,
  filter: Filter,
  first: C,
  read: (range: ChunkRange) => Promise<C>,
): () => Promise<C | null> {
  const floors = async (cursor: number) =>
    (
      await c.var.caller.bookings.chunkFloors({
        ...filter,
        cursor,
        limit: STREAM_CHUNK,
        count: CHUNKS_PER_FLOORS,
      })
    ).floors;
  const ranges = first.nextCursor === null ? null : chunkRanges(first.nextCursor, floors, CHUNKS_PER_FLOORS);
  return readingRanges(first, ranges, read, CHUNKS_AHEAD);
}

/**
 * `{"success":true,"data":[…]}` written chunk by chunk. Pull-based: a chunk is encoded only when the client has
 * taken the previous one, so memory stays flat however long the list is.
 */
function streamJsonList(take: () => Promise<{ parts: string[] } | null>, origin: string) {
  const encoder = new TextEncoder();
  const uploadsField = `"image":${JSON.stringify(absoluteFileUrl("/uploads/", origin))}`.slice(0, -1);
  let wroteRow = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('{"success":true,"data":['));
    },
    async pull(controller) {
      const page = await take();
      if (page === null) {
        controller.enqueue(encoder.encode("]}"));
        controller.close();
        return;
      }
      if (page.parts.length === 0) return;
      controller.enqueue(chunkBytes(page.parts, uploadsField, wroteRow));
      wroteRow = true;
    },
  });
}

/**
 * GET /export.csv: the filtered bookings as CSV, streamed chunk by chunk like the full list (pull-based, one
 * chunk in memory), as a download. The first chunk is read before the response starts, so a missing token
 * or a bad filter still answers 401/400.
 */
async function csvResponse(c: Context<RestEnv>, filter: Filter): Promise<Response> {
  const caller = c.var.caller;
  const first = await caller.bookings.exportCsvChunk({ ...filter, limit: STREAM_CHUNK });
  const read = (range: ChunkRange) =>
    caller.bookings.exportCsvChunk({ ...filter, ...range, limit: STREAM_CHUNK });
  const take = streamChunks(c, filter, first, read);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const page = await take();
      if (page === null) controller.close();
      else if (page.csv) controller.enqueue(encoder.encode(page.csv));
    },
  });
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${first.filename}"`,
    "Cache-Control": "no-store",
  });
}

/** PUT /:id and PATCH /:id/status: both change the status (body: { status }). */
async function setStatus(c: Context<RestEnv>): Promise<Response> {
  const { status } = await readJson(c);
  const data = await c.var.caller.bookings.setStatus({
    id: c.req.param("id") ?? "",
    status: status as BookingStatus,
  });
  return ok(c, { success: true, message: MESSAGES.booking.statusUpdated, data });
}

/**
 * Section 7 booking calls. Every call except POST / needs the admin bearer token (the router enforces it).
 * Static paths come before /:id.
 */
export const bookingsRoutes = new Hono<RestEnv>()
  .post("/", async (c) => {
    const body = withLegacyService(await readJson(c));
    const result = await c.var.caller.bookings.create(body as BookingCreateInput);
    // A replay (same Idempotency-Key) answers 200 with the first booking instead of creating another.
    return ok(
      c,
      { success: true, message: result.message, data: result.booking },
      result.replayed ? 200 : 201,
    );
  })
  .get("/", (c) =>
    listResponse(c, { status: statusParam(c.req.query("status")), search: c.req.query("search") }),
  )
  .get("/export.csv", (c) =>
    csvResponse(c, { status: statusParam(c.req.query("status")), search: c.req.query("search") }),
  )
  .get("/stats", async (c) => ok(c, { success: true, data: await c.var.caller.bookings.stats() }))
  .get("/status/:status", (c) =>
    listResponse(c, { status: c.req.param("status") as BookingStatus, search: c.req.query("search") }),
  )
  // There are no customer accounts: "my bookings" is the admin's view, i.e. the same list as GET /.
  .get("/user/bookings", (c) =>
    listResponse(c, { status: statusParam(c.req.query("status")), search: c.req.query("search") }),
  )
  .get("/:id", async (c) =>
    ok(c, { success: true, data: await c.var.caller.bookings.get({ id: c.req.param("id") }) }),
  )
  .put("/:id", setStatus)
  .patch("/:id/status", setStatus)
  .patch("/:id/confirm", async (c) => {
    const data = await c.var.caller.bookings.confirm({ id: c.req.param("id") });
    return ok(c, { success: true, message: MESSAGES.booking.confirmed, data });
  })
  .delete("/:id", async (c) => {
    const data = await c.var.caller.bookings.delete({ id: c.req.param("id") });
    return ok(c, { success: true, message: MESSAGES.booking.deleted, data });
  });
