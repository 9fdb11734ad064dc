import { Prisma } from "@studio/db";
import type { BookingDto } from "@studio/validators";
import type { BookingDeps, ImageView } from "./dto";
import { type BookingFilter, isoCreatedAt, readChunk } from "./queries";

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
 * The fields whose values never need JSON's quoting and escaping (integers, an enum's words, an ISO instant): on
 * PostgreSQL they are written as they are, not through to_json, a third of a chunk's PostgreSQL CPU.
 */
const PLAIN_FIELDS: Partial<Record<keyof BookingDto, "number" | "word">> = {
  id: "number",
  service_id: "number",
  status: "word",
  created_at: "word",
};

/** A field's value as a JSON literal, written by the database. */
function jsonLiteral(provider: BookingDeps["provider"], field: keyof BookingDto, value: Prisma.Sql) {
  if (provider === "sqlite") return Prisma.sql`json_quote(${value})`;
  const plain = PLAIN_FIELDS[field];
  if (plain === "number") return Prisma.sql`coalesce(${value}::text, 'null')`;
  if (plain === "word") return Prisma.sql`coalesce('"' || ${value} || '"', 'null')`;
  return Prisma.sql`coalesce(to_json(${value})::text, 'null')`;
}

/**
 * The chunk's bookings as JSON objects joined by commas, newest first, written by the database with the
 * number of rows and the oldest id (the next cursor). Each object is concatenated from its keys, in DTO
 * order, and its values as JSON literals (jsonLiteral): a third less PostgreSQL CPU than row_to_json, which
 * dominates a streamed chunk's time there.
 */
function chunkStatement(provider: BookingDeps["provider"], rows: Prisma.Sql): Prisma.Sql {
  const fields = Object.entries(dtoColumns(provider)).map(
    ([field, value], i) =>
      Prisma.sql`${Prisma.raw(`'${i === 0 ? "{" : ","}"${field}":'`)} || ${jsonLiteral(provider, field as keyof BookingDto, value)}`,
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
 * the client receives them, in pieces to be joined, and the cursor of the next chunk. The rows never become
 * objects in Node (parsing them and stringifying them again allocated about 2 KB per row, 2 GB for a million).
 * Only proof paths are rewritten, into the links `view` gives, and they are placed between slices of the
 * database's text rather than replaced in it: each copy of a 3 MB chunk was garbage that a heap-capped server
 * spent most of a stream collecting.
 */
export async function listBookingsJsonChunk(
  deps: BookingDeps,
  input: BookingFilter & { cursor?: number | null; floor?: number | null; limit: number },
  view: ImageView,
): Promise<{ parts: string[]; nextCursor: number | null }> {
  const { row, nextCursor } = await readChunk<{ json: string | null }>(deps, input, (rows) =>
    chunkStatement(deps.provider, rows),
  );
  const text = row?.json ?? "";
  const parts: string[] = [];
  let from = 0;
  for (const match of text.matchAll(IMAGE_FIELD)) {
    parts.push(text.slice(from, match.index), `"image":${JSON.stringify(view(match[1] ?? ""))}`);
    from = match.index + match[0].length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return { parts, nextCursor };
}
