/** "2.4 MB"-style size for messages. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Money as the whole product writes it, in US dollars: "$1,299" for whole dollars, "$1,299.50" otherwise (the
 * site, the back office and the e-mails alike). By hand rather than Intl: see groupDigits.
 */
export function formatUsd(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const cents = Math.round(Math.abs(amount) * 100);
  const dollars = `${sign}$${groupDigits(Math.floor(cents / 100))}`;
  return Number.isInteger(amount) ? dollars : `${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A whole number's digits in groups of three ("1,899"), as en-US writes them, without Intl (whose first
 * number formatter sets up the locale's data: a long task on a phone, for a home page that only shows
 * "$1,899" and "1,200 reviews"). A test keeps it identical to Intl's.
 */
export function groupDigits(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Text cut to `max` characters with an ellipsis when longer. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** "1 review" / "1,200 reviews". */
export function plural(count: number, one: string, many = `${one}s`): string {
  const shown =
    Number.isSafeInteger(count) && count >= 0 ? groupDigits(count) : count.toLocaleString("en-US");
  return `${shown} ${count === 1 ? one : many}`;
}
