/**
 * The CalDAV side of calendar sync, through tsdav: checking that an address is a calendar the credentials open,
 * reading the events of a time range, and writing or removing one event. Every call has a timeout, and the
 * calendar's host is checked against private networks first (SSRF, as for webhooks) unless
 * CALDAV_ALLOW_PRIVATE_NETWORKS allows them. Failures are CalDavError: a message for the owner, and whether a
 * retry could help (a refused password or a missing calendar will not get better by itself).
 */
import { MESSAGES } from "@studio/validators";
import { calendarQuery, deleteObject, propfind, updateObject } from "tsdav";
import { safeAddress, UnsafeAddressError } from "../webhooks/address";

const m = MESSAGES.calendarSync;

export type CalDavAccount = { url: string; username: string; password: string };
export type CalDavOptions = { allowPrivateNetworks: boolean; timeoutMs: number; signal?: AbortSignal };

export class CalDavError extends Error {
  override name = "CalDavError";
  constructor(
    message: string,
    /** A retry cannot help (credentials refused, no calendar there, address not allowed). */
    readonly permanent: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

function authHeaders(account: CalDavAccount): Record<string, string> {
  const basic = Buffer.from(`${account.username}:${account.password}`, "utf8").toString("base64");
  return { authorization: `Basic ${basic}` };
}

/** Refuses a host on a private network unless allowed (checked before every exchange). */
async function assertAllowedHost(url: string, options: CalDavOptions): Promise<void> {
  try {
    await safeAddress(new URL(url).hostname, { allowPrivateNetworks: options.allowPrivateNetworks });
  } catch (error) {
    if (error instanceof UnsafeAddressError) {
      throw new CalDavError(error.reason === "private" ? m.privateAddress : m.unresolvable, true);
    }
    throw error;
  }
}

function fetchOptions(options: CalDavOptions): RequestInit {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  return { signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout };
}

/** A failed HTTP status as the owner should read it. */
function statusError(status: number): CalDavError {
  if (status === 401 || status === 403) return new CalDavError(m.credentialsRefused, true, status);
  if (status === 404 || status === 410) return new CalDavError(m.notFound, true, status);
  // 5xx and throttling may pass; other 4xx will not.
  return new CalDavError(m.serverRefused(status), status < 500 && status !== 429 && status !== 408, status);
}

/** Network failures (refused, reset, timed out, bad certificate) in the owner's words; retried. */
async function exchange<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CalDavError) throw error;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const detail =
      error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")
        ? "no answer in time"
        : (cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error)));
    throw new CalDavError(m.unreachable(detail), false);
  }
}

/**
 * Checks that `url` is a calendar collection the credentials open (PROPFIND, depth 0); answers its display name.
 * Connecting refuses with the reason in words when it is not.
 */
export async function checkCalendar(account: CalDavAccount, options: CalDavOptions): Promise<string> {
  await assertAllowedHost(account.url, options);
  const [answer] = await exchange(() =>
    propfind({
      url: account.url,
      props: { "d:resourcetype": {}, "d:displayname": {} },
      depth: "0",
      headers: authHeaders(account),
      fetchOptions: fetchOptions(options),
    }),
  );
  if (!answer) throw new CalDavError(m.notCalendar, true);
  if (!answer.ok) throw statusError(answer.status);
  const props = (answer.props ?? {}) as { resourcetype?: unknown; displayname?: unknown };
  const type = props.resourcetype;
  if (typeof type !== "object" || type === null || !("calendar" in type)) {
    throw new CalDavError(m.notCalendar, true);
  }
  return typeof props.displayname === "string" || typeof props.displayname === "number"
    ? String(props.displayname)
    : "";
}

/** calendar-data as tsdav parses it: text, or an object holding it. */
function textOf(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    const v = value as { _cdata?: unknown; _text?: unknown };
    if (typeof v._cdata === "string") return v._cdata;
    if (typeof v._text === "string") return v._text;
  }
  return null;
}

/** "20261127T000000Z", as a CalDAV time range wants it. */
const davInstant = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * The iCalendar text of every object with an event in [from, to) (one calendar-query REPORT asking for the data;
 * the server applies the range, recurrences included). A refused or failed query throws: an empty answer must
 * never be read as "no busy time" when it was really "no access".
 */
export async function fetchEventTexts(
  account: CalDavAccount,
  range: { from: Date; to: Date },
  options: CalDavOptions,
): Promise<string[]> {
  await assertAllowedHost(account.url, options);
  const answers = await exchange(() =>
    calendarQuery({
      url: account.url,
      props: { "d:getetag": {}, "c:calendar-data": {} },
      filters: {
        "c:comp-filter": {
          _attributes: { name: "VCALENDAR" },
          "c:comp-filter": {
            _attributes: { name: "VEVENT" },
            "c:time-range": { _attributes: { start: davInstant(range.from), end: davInstant(range.to) } },
          },
        },
      },
      depth: "1",
      headers: authHeaders(account),
      fetchOptions: fetchOptions(options),
    }),
  );
  const texts: string[] = [];
  for (const answer of answers) {
    // One answer without properties and not ok: the whole query failed (401, 404, 500 …).
    if (!answer.ok && answer.props === undefined) throw statusError(answer.status);
    const text = textOf((answer.props as { calendarData?: unknown } | undefined)?.calendarData);
    if (text) texts.push(text);
  }
  return texts;
}

/** The object's address inside the calendar: "<calendar>/<name>.ics". */
export function objectUrl(account: CalDavAccount, name: string): string {
  return new URL(`${encodeURIComponent(name)}.ics`, account.url).toString();
}

/** Writes (creates or replaces) one event object; idempotent. */
export async function putEvent(
  account: CalDavAccount,
  name: string,
  ics: string,
  options: CalDavOptions,
): Promise<void> {
  await assertAllowedHost(account.url, options);
  const response = await exchange(() =>
    updateObject({
      url: objectUrl(account, name),
      data: ics,
      headers: { ...authHeaders(account), "content-type": "text/calendar; charset=utf-8" },
      fetchOptions: fetchOptions(options),
    }),
  );
  await response.body?.cancel();
  if (!response.ok) throw statusError(response.status);
}

/** Removes one event object; one that is not there is already removed. */
export async function deleteEvent(
  account: CalDavAccount,
  name: string,
  options: CalDavOptions,
): Promise<void> {
  await assertAllowedHost(account.url, options);
  const response = await exchange(() =>
    deleteObject({
      url: objectUrl(account, name),
      headers: authHeaders(account),
      fetchOptions: fetchOptions(options),
    }),
  );
  await response.body?.cancel();
  if (!response.ok && response.status !== 404 && response.status !== 410) throw statusError(response.status);
}
