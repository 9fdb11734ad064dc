import { Prisma } from "@studio/db";
import { todayIn } from "@studio/validators";
import type { BookingDeps } from "./dto";
import { type BookingFilter, isoCreatedAt, readChunk } from "./queries";

type Provider = BookingDeps["provider"];

/**
 * A cell that is a phone number in international form: "+", a digit, then only digits, spaces, parentheses and
 * hyphens ("+44 20 7946 0958", "+1 (555) 010-2040"), as SQL. A spreadsheet reading it as a formula finds only
 * numbers to add and subtract: no function, reference or command (those need letters, "!" or "|"), so it is
 * exported as it is instead of with a quote before it.
 */
function phoneNumberCell(provider: Provider, value: string): string {
  return provider === "postgresql"
    ? `(${value} ~ '^[+][0-9][-0-9 ()]*$')`
    : `(${value} GLOB '+[0-9]*' AND NOT substr(${value}, 2) GLOB '*[^-0-9 ()]*')`;
}

/**
 * One CSV cell (RFC 4180) of the text the SQL expression `value` gives, as SQL. A cell that a spreadsheet
 * would run as a formula (= + - @, or a leading tab or carriage return) is prefixed with a single quote, so
 * exported customer input cannot execute, except a phone number in international form (phoneNumberCell);
 * a cell holding a quote, comma or line break is quoted, its quotes doubled; null is empty. `value` is a
 * column of the statement, never input. docs/security.md states the rule.
 */
function csvCell(provider: Provider, value: string): string {
  const [find, char] = provider === "postgresql" ? ["strpos", "chr"] : ["instr", "char"];
  // Their full-width forms (＝ ＋ － ＠) too: some spreadsheets read them as the ASCII ones.
  const formula = `('=', '+', '-', '@', ${char}(9), ${char}(13), ${char}(65309), ${char}(65291), ${char}(65293), ${char}(65312))`;
  const defuse = `substr(${value}, 1, 1) IN ${formula} AND NOT ${phoneNumberCell(provider, value)}`;
  const defused = `(CASE WHEN ${defuse} THEN '''' || ${value} ELSE coalesce(${value}, '') END)`;
  // The quote the defusing adds is no reason to quote: the value alone decides (null: not quoted, empty).
  // A semicolon too: where it is the list separator, an unquoted ";=…" would end the cell and start a formula.
  const needsQuotes = [`'"'`, `','`, `';'`, `${char}(13)`, `${char}(10)`]
    .map((needle) => `${find}(${value}, ${needle}) > 0`)
    .join(" OR ");
  return `(CASE WHEN ${needsQuotes} THEN '"' || replace(${defused}, '"', '""') || '"' ELSE ${defused} END)`;
}

/** The export's columns: each header and its cell over the booking `x` and its service `s`. */
function csvColumns(provider: Provider): [header: string, cell: string][] {
  const text = (column: string) =>
    provider === "postgresql" ? `${column}::text` : `CAST(${column} AS TEXT)`;
  const cell = (column: string) => csvCell(provider, text(column));
  return [
    ["id", text(`x."id"`)],
    ["name", cell(`x."name"`)],
    ["email", cell(`x."email"`)],
    ["phone", cell(`x."phone"`)],
    ["service_id", cell(`x."serviceId"`)],
    ["service_title", cell(`s."title"`)],
    ["date", cell(`x."date"`)],
    ["time", cell(`x."time"`)],
    ["status", cell(`x."status"`)],
    ["message", cell(`x."message"`)],
    ["has_proof", `(CASE WHEN x."image" IS NULL OR x."image" = '' THEN 'no' ELSE 'yes' END)`],
    ["created_at", isoCreatedAt(provider).sql],
  ];
}

const HEADER = `${csvColumns("sqlite")
  .map(([header]) => header)
  .join(",")}\r\n`;

/**
 * The chunk's bookings as CRLF-ended CSV lines, newest first, written by the database, with the number of rows
 * and the oldest id (the next cursor). The rows never become objects in Node: parsing them as JSON to write
 * them again as CSV made a streamed export spend most of its time collecting garbage.
 */
function csvChunkStatement(provider: Provider, rows: Prisma.Sql): Prisma.Sql {
  const line = `${csvColumns(provider)
    .map(([, cell]) => cell)
    .join(` || ',' || `)} || ${provider === "postgresql" ? "chr(13) || chr(10)" : "char(13, 10)"}`;
  const concat = provider === "postgresql" ? "string_agg" : "group_concat";
  return Prisma.sql`SELECT ${Prisma.raw(`${concat}(${line}, '' ORDER BY x."id" DESC)`)} AS "csv",
    count(*) AS "n", min(x."id") AS "last" ${rows}`;
}

const CHUNK = 1_000;

function csvFilename(deps: BookingDeps, filter: BookingFilter): string {
  const day = todayIn(deps.config.timeZone, deps.now());
  return `bookings${filter.status ? `-${filter.status}` : ""}-${day}.csv`;
}

/**
 * One chunk of the export, for streaming (REST GET /api/bookings/export.csv): the rows after `cursor`, as
 * CRLF-ended CSV lines, with the header line first when there is no cursor. The server holds one chunk at a
 * time, however many bookings there are.
 */
export async function exportBookingsCsvChunk(
  deps: BookingDeps,
  input: BookingFilter & { cursor?: number | null; floor?: number | null; limit: number },
): Promise<{ filename: string; csv: string; nextCursor: number | null }> {
  const { row, nextCursor } = await readChunk<{ csv: string | null }>(deps, input, (rows) =>
    csvChunkStatement(deps.provider, rows),
  );
  const csv = `${input.cursor == null ? HEADER : ""}${row?.csv ?? ""}`;
  return { filename: csvFilename(deps, input), csv, nextCursor };
}

/** The filtered bookings, newest first, as CSV with a header row and CRLF line ends (held whole in memory). */
export async function exportBookingsCsv(
  deps: BookingDeps,
  filter: BookingFilter,
): Promise<{ filename: string; csv: string }> {
  const parts: string[] = [];
  let cursor: number | null = null;
  do {
    const chunk = await exportBookingsCsvChunk(deps, { ...filter, cursor, limit: CHUNK });
    parts.push(chunk.csv);
    cursor = chunk.nextCursor;
  } while (cursor !== null);
  return { filename: csvFilename(deps, filter), csv: parts.join("") };
}
