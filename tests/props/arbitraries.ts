/**
 * Hostile values for property-based tests: boundary and random strings (empty, huge, unicode, control and
 * bidi characters, markup, SQL), numbers of every awkward kind, wrong types, nested objects and
 * `__proto__`/`constructor` keys — plus checks that an error answer leaks nothing internal.
 */
import fc from "fast-check";

export const NASTY_STRINGS = [
  "",
  " ",
  "   \t\n ",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31mred",
  "\u202eevil\u202c",
  "\ufeff",
  "😀👍🏽🇺🇸",
  "Ünïcødé ñ 中文 العربية",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1",
  '"; DROP TABLE "Booking"; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose.
  "${7*7}{{7*7}}",
  "../../../../etc/passwd",
  "%00%2e%2e%2f",
  "\r\nSet-Cookie: pwned=1",
  "__proto__",
  "constructor",
  "prototype",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "1.5",
  "1e309",
  "0x1F",
  " 42 ",
  "9007199254740993",
  "true",
  "[]",
  "{}",
  "a@b.c",
  "not-an-email",
  "2020-02-30",
  "2999-12-31",
  "09:00",
  "25:61",
  "x".repeat(256),
  "y".repeat(5_001),
  "é".repeat(70_000),
] as const;

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1_000, maxLength: 12_000, unit: "grapheme-ascii" }) },
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    1.5,
    -2.5,
    0.1 + 0.2,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    1e308,
    -1e308,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "id",
  "name",
  "email",
  "status",
  "data",
  "role",
  "isAdmin",
  "service_id",
  "toString",
  "",
] as const;

/** Any JSON value, nested up to depth 3, with dangerous keys. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), tie("value"), {
      maxKeys: 4,
    }),
  ),
})).value;

/** JSON text of an object whose keys may include "__proto__" as an OWN key (JSON.parse keeps it so). */
export function objectJson(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? "null"}`).join(",")}}`;
}

export const nastyObjectJson: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 10 })), nastyValue), {
    maxLength: 8,
  })
  .map(objectJson);

/**
 * A valid payload with one field replaced by a hostile value, dropped, or given a `__proto__` sibling: gets
 * past the first checks and probes the next ones.
 */
export function mutatedJson(valid: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(valid);
  return fc
    .tuple(
      fc.constantFrom(...keys),
      fc.oneof(nastyValue, fc.constant(undefined)),
      fc.boolean(),
      fc.option(nastyValue, { nil: undefined }),
    )
    .map(([key, value, drop, proto]) => {
      const entries: [string, unknown][] = Object.entries(valid).filter(([k]) => k !== key);
      if (!drop || value !== undefined) entries.push([key, value]);
      if (proto !== undefined) entries.push(["__proto__", proto]);
      return objectJson(entries);
    });
}

/** Path segments where an id is expected. */
export const nastyId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "0",
    "-1",
    "1.5",
    "-0.5",
    "1e3",
    "0x1F",
    "9007199254740993",
    "2147483648",
    "4294967296",
    "99999999999999999999999",
    "abc",
    "__proto__",
    "constructor",
    "NaN",
    "Infinity",
    "null",
    " 1",
    "1 ",
    "%20",
    "%00",
    "1;DROP TABLE x",
    "１２",
    "..",
    "%2e%2e%2fetc",
    "1' OR '1'='1",
  ),
  fc.integer().map(String),
  fc.nat({ max: 50 }).map(String),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);

/** Query-string values. */
export const nastyQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", "-1", "0", "1.5", "abc", "1e9", "999999999999", "all", "pending", "%00", "__proto__"),
  nastyString.map((s) => s.slice(0, 300)),
);

/** What an error answer must never contain: stack traces, file paths, driver or SQL internals. */
const LEAK_ANY_CASE =
  /\bat [\w$.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|\/work\/|prisma|SQLITE_|sqlite3?\b|postgres|syntax error|DriverAdapterError|TypeError|ReferenceError|RangeError|Cannot read propert|ECONN|stack/i;
const LEAK_SQL = /\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|WHERE|RETURNING)\b/;

/** The leaked internal, if any, in an error answer's text. */
export function leakIn(text: string): string | null {
  return LEAK_ANY_CASE.exec(text)?.[0] ?? LEAK_SQL.exec(text)?.[0] ?? null;
}

/** fast-check runs per property; PROPS_NUM_RUNS overrides (e.g. 1000 for a long local soak). */
export function runs(defaultRuns: number): number {
  return Number(process.env.PROPS_NUM_RUNS) || defaultRuns;
}
