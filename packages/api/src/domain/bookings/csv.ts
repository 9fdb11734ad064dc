import { todayIn } from "@studio/validators";
import type { BookingDeps } from "./dto";
import { type BookingFilter, type JsonBookingRow, readBookingRows } from "./queries";

const COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "service_id",
  "service_title",
  "date",
  "time",
  "status",
  "message",
  "has_proof",
  "created_at",
] as const;

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (= + - @, or a leading tab or
 * carriage return) is prefixed with a single quote, so exported customer input cannot execute.
 */
export function csvCell(value: string | number | null): string {
  let text = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CRLF-ended line, in COLUMNS order, straight from the database's row (no DTO in between). */
function csvLine(r: JsonBookingRow): string {
  return (
    `${r[0]},${csvCell(r[1])},${csvCell(r[2])},${csvCell(r[3])},${csvCell(r[4])},${csvCell(r[11])},` +
    `${csvCell(r[5])},${csvCell(r[6])},${csvCell(r[9])},${csvCell(r[7])},${r[8] ? "yes" : "no"},${csvCell(r[10])}\r\n`
  );
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
  input: BookingFilter & { cursor?: number | null; limit: number },
): Promise<{ filename: string; csv: string; nextCursor: number | null }> {
  const cursor = input.cursor ?? null;
  const page = await readBookingRows(deps, {
    status: input.status,
    search: input.search,
    cursor,
    limit: input.limit,
    withTotal: false,
  });
  let csv = cursor === null ? `${COLUMNS.join(",")}\r\n` : "";
  for (const row of page.rows) csv += csvLine(row);
  return { filename: csvFilename(deps, input), csv, nextCursor: page.nextCursor };
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
