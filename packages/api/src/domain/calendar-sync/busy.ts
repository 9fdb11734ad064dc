/** Calendar sync, what availability asks: the stored busy time of the connected calendar (pulled by sync.ts). */
import type { ApiDeps } from "../../context";

/** The stored ranges sorted by start, with the longest one's length (to know how far back an overlap can start). */
type Stored = { starts: Float64Array; ends: Float64Array; longest: number };

/** The first index whose start is at or after `at` (binary search). */
function firstAtOrAfter(starts: Float64Array, at: number): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The connected calendar's busy time overlapping [from, to), as instants (empty when none is connected). This is
 * the interface availability uses: the stored ranges are read once per cache lifetime (every pull and every
 * (dis)connection drops them on every instance), then searched in memory (a binary search from the earliest start
 * that could still overlap).
 */
export async function calendarBusyRanges(
  deps: Pick<ApiDeps, "db" | "cache">,
  from: Date,
  to: Date,
): Promise<{ start: Date; end: Date }[]> {
  const stored = await deps.cache.get<Stored>("calendar", "busy", async () => {
    const rows = await deps.db.calendarBusy.findMany({
      select: { start: true, end: true },
      orderBy: [{ start: "asc" }, { id: "asc" }],
    });
    const starts = new Float64Array(rows.length);
    const ends = new Float64Array(rows.length);
    let longest = 0;
    rows.forEach((row, i) => {
      starts[i] = row.start.getTime();
      ends[i] = row.end.getTime();
      longest = Math.max(longest, ends[i]! - starts[i]!);
    });
    return { starts, ends, longest };
  });
  const a = from.getTime();
  const b = to.getTime();
  const found: { start: Date; end: Date }[] = [];
  for (let i = firstAtOrAfter(stored.starts, a - stored.longest); i < stored.starts.length; i++) {
    const start = stored.starts[i]!;
    if (start >= b) break;
    const end = stored.ends[i]!;
    if (end > a) found.push({ start: new Date(start), end: new Date(end) });
  }
  return found;
}
