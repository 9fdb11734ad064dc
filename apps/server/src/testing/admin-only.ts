/** Shared REST contract check: every admin route answers 401 JSON without a token and with a garbage one. */
import { MESSAGES } from "@studio/validators";
import { expect, it } from "vitest";
import type { TestApp } from "./test-app";

export type Route = [method: string, path: string, body?: unknown];

export function itRequiresAdmin(app: () => TestApp, routes: Route[]): void {
  const cases = routes.flatMap(([method, path, body]) =>
    [undefined, "garbage.token.value"].map((token) => ({
      label: `${method} ${path} ${token ? "with a garbage token" : "without a token"}`,
      method,
      path,
      body,
      token,
    })),
  );
  it.each(cases)("$label → 401", async ({ method, path, body, token }) => {
    const res = await app().call(method, path, { body, token });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MESSAGES.auth.unauthorized });
  });
}
