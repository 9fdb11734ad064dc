/**
 * A tus 1.0.0 client for route tests (apps/server/src/resumable-route.ts): each request carries the protocol
 * header and the admin's bearer token, through the real app; and where a server's unfinished uploads lie.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { TestS3 } from "@studio/api/testing/s3";
import { RESUMABLE_PATH } from "../resumable-route";
import type { TestApp } from "./test-app";

/** tus's Upload-Metadata header: each value base64. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** `current` is read at each call (the app, its admin's token and its bucket are made in a beforeAll). */
export function tusClient(current: () => { t: TestApp; token: string; s3: TestS3 | null }) {
  const request = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) =>
    current().t.app.request(url, {
      method,
      headers: { "Tus-Resumable": "1.0.0", Authorization: `Bearer ${current().token}`, ...headers },
      body: body ? new Uint8Array(body) : undefined,
    });
  const create = (size: number, meta: Record<string, string>) =>
    request("POST", RESUMABLE_PATH, { "Upload-Length": String(size), "Upload-Metadata": tusMetadata(meta) });
  const patch = (location: string, offset: number, chunk: Buffer) =>
    request(
      "PATCH",
      location,
      { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
      chunk,
    );
  /** What is left in the tus folder (nothing, once an upload is finished or refused). */
  const leftovers = async () => {
    const { t, s3 } = current();
    return s3
      ? await s3.listKeys("tus/")
      : await readdir(path.join(t.harness.uploadDir, ".tmp", "tus")).catch(() => []);
  };
  return { request, create, patch, leftovers };
}
