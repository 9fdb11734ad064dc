import type { Context } from "hono";

/**
 * Query parameters for a tRPC input: each named parameter as given (the schemas accept numeric strings and
 * report bad values), an empty one (`?status=`) treated as absent.
 */
export function queryInput<K extends string>(c: Context, names: readonly K[]): Partial<Record<K, string>> {
  const input: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = c.req.query(name);
    if (value !== undefined && value !== "") input[name] = value;
  }
  return input;
}
