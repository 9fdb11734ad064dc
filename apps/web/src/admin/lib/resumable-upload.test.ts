/**
 * The shoot uploader: tus-js-client itself against a small tus 1.0.0 endpoint (msw) for the protocol path
 * (creation, PATCH, Upload-Result, resuming after a "reload" from the fingerprint in localStorage), and a
 * stand-in upload for the queue (at most `concurrency` at once, per-file and total progress, failures kept apart).
 */
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import * as tusModule from "tus-js-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type FileProgress,
  parseUploadResult,
  RESUMABLE_ENDPOINT,
  type TotalProgress,
  type UploadFactory,
  uploadResumable,
} from "./resumable-upload";

/** What the endpoint holds: per upload, its length, the bytes received, and the request log. */
const uploads = new Map<string, { length: number; received: number; metadata: string }>();
const log: string[] = [];
let failPatchesAfter: number | null = null;

const server = setupServer(
  http.post(`*${RESUMABLE_ENDPOINT}`, ({ request }) => {
    const id = crypto.randomUUID();
    uploads.set(id, {
      length: Number(request.headers.get("upload-length")),
      received: 0,
      metadata: request.headers.get("upload-metadata") ?? "",
    });
    log.push(`POST ${request.headers.get("authorization")}`);
    return new HttpResponse(null, {
      status: 201,
      headers: { Location: `${RESUMABLE_ENDPOINT}/${id}`, "Tus-Resumable": "1.0.0" },
    });
  }),
  http.head(`*${RESUMABLE_ENDPOINT}/:id`, ({ params }) => {
    const upload = uploads.get(String(params.id));
    log.push(`HEAD ${upload?.received}`);
    if (!upload) return new HttpResponse(null, { status: 404 });
    return new HttpResponse(null, {
      headers: {
        "Upload-Offset": String(upload.received),
        "Upload-Length": String(upload.length),
        "Tus-Resumable": "1.0.0",
        "Cache-Control": "no-store",
      },
    });
  }),
  http.patch(`*${RESUMABLE_ENDPOINT}/:id`, async ({ request, params }) => {
    const upload = uploads.get(String(params.id));
    if (!upload) return new HttpResponse(null, { status: 404 });
    const offset = Number(request.headers.get("upload-offset"));
    if (offset !== upload.received) return new HttpResponse(null, { status: 409 });
    if (failPatchesAfter !== null && upload.received >= failPatchesAfter) return HttpResponse.error();
    const body = new Uint8Array(await request.arrayBuffer());
    upload.received += body.length;
    log.push(`PATCH ${offset}+${body.length}`);
    const headers: Record<string, string> = {
      "Upload-Offset": String(upload.received),
      "Tus-Resumable": "1.0.0",
    };
    if (upload.received === upload.length) headers["Upload-Result"] = `${params.id},7`;
    return new HttpResponse(null, { status: 204, headers });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  uploads.clear();
  log.length = 0;
  failPatchesAfter = null;
  localStorage.clear();
});
afterAll(() => server.close());

const fileOf = (name: string, size: number) =>
  new File([new Uint8Array(size).fill(7)], name, { type: "image/jpeg", lastModified: 1_700_000_000_000 });

describe("uploadResumable with tus-js-client", () => {
  it("creates, sends in chunks with the admin's token, and learns the ids from Upload-Result", async () => {
    localStorage.setItem("adminToken", "admin-token");
    const results = await uploadResumable([fileOf("IMG_1.jpg", 3000)], {
      purpose: "portfolio_media",
      chunkSize: 1000,
    });
    expect(results[0]?.error).toBeUndefined();
    expect(results[0]).toMatchObject({ status: "done", bytesSent: 3000, mediaId: 7 });
    expect(log).toEqual(["POST Bearer admin-token", "PATCH 0+1000", "PATCH 1000+1000", "PATCH 2000+1000"]);
    const [upload] = [...uploads.values()];
    expect(upload?.metadata).toContain(`purpose ${btoa("portfolio_media")}`);
    expect(upload?.metadata).toContain(`filename ${btoa("IMG_1.jpg")}`);
    // Finished: nothing is left in localStorage to resume.
    expect(Object.keys(localStorage).filter((k) => k.startsWith("tus::"))).toEqual([]);
  });

  it("after a reload, the same file continues from the server's offset instead of starting again", async () => {
    const file = fileOf("IMG_2.jpg", 4000);
    // The first page: the connection dies after half the file.
    failPatchesAfter = 2000;
    const first = await uploadResumable([file], {
      purpose: "portfolio_media",
      chunkSize: 1000,
      createUpload: noRetries,
    });
    expect(first[0]?.status).toBe("failed");
    expect(Object.keys(localStorage).some((k) => k.startsWith("tus::"))).toBe(true);
    log.length = 0;
    // The page is loaded again and the admin drops the same folder.
    failPatchesAfter = null;
    const second = await uploadResumable([file], { purpose: "portfolio_media", chunkSize: 1000 });
    expect(second[0]?.status).toBe("done");
    expect(log).toEqual(["HEAD 2000", "PATCH 2000+1000", "PATCH 3000+1000"]);
    expect(uploads.size).toBe(1);
  });
});

/** tus-js-client with its retries off, so the first test page's failure ends at once. */
const noRetries: UploadFactory = (file, options) => {
  const { Upload } = tusModule;
  return new Upload(file, { ...options, retryDelays: null });
};

describe("the queue", () => {
  /** A stand-in upload that reports progress in two steps and finishes when released. */
  function fakeUploads() {
    let running = 0;
    let most = 0;
    const release: (() => void)[] = [];
    const factory: UploadFactory = (file, options) => ({
      findPreviousUploads: async () => [],
      resumeFromPreviousUpload: () => undefined,
      abort: async () => undefined,
      start: () => {
        running++;
        most = Math.max(most, running);
        options.onProgress?.(file.size / 2, file.size);
        release.push(() => {
          running--;
          if (file.name.startsWith("bad")) {
            options.onError?.(new Error("File type a web page is not supported."));
            return;
          }
          options.onProgress?.(file.size, file.size);
          options.onSuccess?.({
            lastResponse: {
              getHeader: () => "u-1,3",
              getStatus: () => 204,
              getBody: () => "",
              getUnderlyingObject: () => null,
            },
          });
        });
      },
    });
    return { factory, release, most: () => most };
  }

  it("runs at most three at once, reports per file and in total, and keeps a failure to its file", async () => {
    const files = [
      fileOf("a.jpg", 100),
      fileOf("bad.jpg", 100),
      fileOf("c.jpg", 100),
      fileOf("d.jpg", 100),
      fileOf("e.jpg", 100),
    ];
    const { factory, release, most } = fakeUploads();
    const perFile: FileProgress[] = [];
    const totals: TotalProgress[] = [];
    const done = uploadResumable(files, {
      purpose: "portfolio_media",
      createUpload: factory,
      onFileProgress: (p) => perFile.push(p),
      onTotalProgress: (t) => totals.push(t),
    });
    // Let the queue fill, then release uploads as they come until all are done.
    for (let released = 0; released < files.length; ) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const next = release.shift();
      if (next) {
        next();
        released++;
      }
    }
    const results = await done;
    expect(most()).toBe(3);
    expect(results.map((r) => r.status)).toEqual(["done", "failed", "done", "done", "done"]);
    expect(results[1]?.error).toBe("File type a web page is not supported.");
    expect(results[0]).toMatchObject({ uploadId: "u-1", mediaId: 3 });
    expect(totals.at(-1)).toEqual({ bytesSent: 450, bytesTotal: 500, done: 4, failed: 1, files: 5 });
    expect(perFile.filter((p) => p.name === "c.jpg").map((p) => p.status)).toContain("uploading");
  });

  it("reads the ids of a finished upload", () => {
    expect(parseUploadResult("9b2c,12")).toEqual({ uploadId: "9b2c", mediaId: 12 });
    expect(parseUploadResult(undefined)).toBeNull();
    expect(parseUploadResult("x,nope")).toBeNull();
  });
});
