export { formatUsd as priceLabel, plural } from "@studio/validators";

/** "09:00" → "9:00 AM". */
export function timeLabel(slot: string): string {
  const [h = 0, m = 0] = slot.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

let longDate: Intl.DateTimeFormat | undefined;

/** "2026-05-04" → "Monday, May 4, 2026" (a calendar date: no time zone shift). */
export function dateLabel(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  if (!y || !m || !d) return date;
  longDate ??= new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return longDate.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Pacific Standard Time" for a zone on a date (the name the client's calendar shows). */
export function zoneName(timeZone: string, date: string): string {
  const [y = 2000, mo = 1, d = 1] = date.split("-").map(Number);
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" }).formatToParts(
    new Date(Date.UTC(y, mo - 1, d, 20)),
  );
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}
