import { type BookingDto, todayIn } from "@studio/validators";
import type { BookingDeps } from "./dto";
import { plainImage } from "./dto";
import { type BookingFilter, listBookings } from "./queries";

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

function csvRow(b: BookingDto): string {
  return [
    b.id,
    b.name,
    b.email,
    b.phone,
    b.service_id,
    b.service_title,
    b.date,
    b.time,
    b.status,
    b.message,
    b.image ? "yes" : "no",
    b.created_at,
  ]
    .map(csvCell)
    .join(",");
}

const CHUNK = 1_000;

/** The filtered bookings, newest first, as CSV with a header row and CRLF line ends. */
export async function exportBookingsCsv(
  deps: BookingDeps,
  filter: BookingFilter,
): Promise<{ filename: string; csv: string }> {
  const lines: string[] = [COLUMNS.join(",")];
  let cursor: number | null = null;
  do {
    const page = await listBookings(deps, { ...filter, cursor, limit: CHUNK, withTotal: false }, plainImage);
    for (const b of page.items) lines.push(csvRow(b));
    cursor = page.nextCursor;
  } while (cursor !== null);
  const day = todayIn(deps.config.timeZone, deps.now());
  const filename = `bookings${filter.status ? `-${filter.status}` : ""}-${day}.csv`;
  return { filename, csv: `${lines.join("\r\n")}\r\n` };
}
