import { Prisma } from "@studio/db";
import type { BookingDto } from "@studio/validators";
import type { BookingDeps, ImageView } from "./dto";
import { type BookingFilter, currentBookingSource, isoCreatedAt, pageRows } from "./queries";

/**
 * A booking's fields in BookingDto order (the order its JSON keys are written in), as SQL over the booking `x`
 * and its service `s`. The `satisfies` keeps the list in step with the DTO: a field added there fails to
 * compile here.
 */
function dtoColumns(provider: BookingDeps["provider"]) {
  return {
    id: Prisma.sql`x."id"`,
    name: Prisma.sql`x."name"`,
    email: Prisma.sql`x."email"`,
    phone: Prisma.sql`x."phone"`,
    service_id: Prisma.sql`x."serviceId"`,
    service_title: Prisma.sql`s."title"`,
    date: Prisma.sql`x."date"`,
    time: Prisma.sql`x."time"`,
    message: Prisma.sql`x."message"`,
    image: Prisma.sql`x."image"`,
    status: Prisma.sql`x."status"`,
    created_at: isoCreatedAt(provider),
  } satisfies Record<keyof BookingDto, Prisma.Sql>;
}

/**
 * The chunk's bookings as JSON objects joined by commas, newest first, written by the database with the
 * number of rows and the oldest id (the next cursor). Each object is concatenated from its keys, in DTO
 * order, and its values as JSON literals (to_json in PostgreSQL, json_quote in SQLite): a third less
 * PostgreSQL CPU than row_to_json, which dominates a streamed chunk's time there.
 */
function chunkStatement(provider: BookingDeps["provider"], rows: Prisma.Sql): Prisma.Sql {
  const literal = (value: Prisma.Sql) =>
    provider === "postgresql"
      ? Prisma.sql`coalesce(to_json(${value})::text, 'null')`
      : Prisma.sql`json_quote(${value})`;
  const fields = Object.entries(dtoColumns(provider)).map(
    ([field, value], i) =>
      Prisma.sql`${Prisma.raw(`'${i === 0 ? "{" : ","}"${field}":'`)} || ${literal(value)}`,
  );
  const concat = Prisma.raw(provider === "postgresql" ? "string_agg" : "group_concat");
  return Prisma.sql`SELECT ${concat}(${Prisma.join(fields, " || ")} || '}', ',' ORDER BY x."id" DESC) AS "json",
    count(*) AS "n", min(x."id") AS "last" ${rows}`;
}

/**
 * A proof path in the database's JSON is `"image":"<path>"`. The pattern cannot match inside a value: there
 * every quote is escaped, so `image` is never followed by a bare `":"`.
 */
const IMAGE_FIELD = /"image":"([^"\\]*)"/g;

/**
 * One chunk of the streamed full list: its bookings as JSON text (objects joined by commas, no brackets), as
 * the client receives them, and the cursor of the next chunk. The rows never become objects in Node (parsing
 * them and stringifying them again allocated about 2 KB per row, 2 GB for a million); only proof paths are
 * rewritten, into the links `view` gives.
 */
export async function listBookingsJsonChunk(
  deps: BookingDeps,
  input: BookingFilter & { cursor?: number | null; limit: number },
  view: ImageView,
): Promise<{ json: string; nextCursor: number | null }> {
  const source = await currentBookingSource(deps, input);
  const rows = pageRows(source, { limit: input.limit, cursor: input.cursor ?? null });
  const result = await deps.db.$queryRaw<
    { json: string | null; n: number | bigint; last: number | bigint | null }[]
  >(chunkStatement(deps.provider, rows));
  const row = result[0];
  const count = Number(row?.n ?? 0);
  const json = (row?.json ?? "").replace(
    IMAGE_FIELD,
    (_match, path: string) => `"image":${JSON.stringify(view(path))}`,
  );
  return { json, nextCursor: count === input.limit && row?.last != null ? Number(row.last) : null };
}
