/**
 * /api/uploads/resumable: tus resumable uploads for admins (packages/api/src/domain/media/resumable.ts, ADR 021).
 * Mounted before the REST layer, whose JSON guard would refuse tus's `application/offset+octet-stream` bodies.
 * Every request (creation, each PATCH, HEAD, DELETE) carries the admin's bearer token and is checked before a
 * byte is read; API keys are not accepted (uploads are the back office's).
 */
import {
  type ApiDeps,
  type Authenticated,
  createContext,
  createResumableUploads,
  galleryMediaPurpose,
  type ResumablePurpose,
  type ResumableUploads,
  type S3StorageOptions,
} from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";
import type { Logger } from "./logger";
import { bearerToken } from "./rest/respond";

export const RESUMABLE_PATH = "/api/uploads/resumable";

/**
 * The purposes a shoot may be uploaded for: portfolio media (public), and a client gallery's files (private,
 * processed with the gallery's watermark and EXIF choices, added to the set the metadata names as they are
 * recorded: packages/api/src/domain/galleries/uploads.ts).
 */
export function resumablePurposes(
  deps: ApiDeps,
): Partial<Record<"portfolio_media" | "gallery_media", ResumablePurpose>> {
  return {
    portfolio_media: { kinds: ["image", "video"], visibility: "public" },
    gallery_media: galleryMediaPurpose(deps),
  };
}

export function createResumableRoute(
  deps: ApiDeps,
  options: {
    logger: Logger;
    clientIp: (c: import("hono").Context) => string;
    s3?: Omit<S3StorageOptions, "tempDir"> | null;
  },
) {
  let uploads: Promise<ResumableUploads> | null = null;
  const ready = () => {
    uploads ??= createResumableUploads(deps, {
      path: RESUMABLE_PATH,
      purposes: resumablePurposes(deps),
      ...(options.s3 ? { s3: options.s3 } : {}),
    }).catch((error: unknown) => {
      uploads = null;
      throw error;
    });
    return uploads;
  };
  // Unfinished uploads left for a day are deleted (hourly, like the other upload clean-up).
  const sweep = setInterval(() => {
    if (!uploads) return;
    void uploads
      .then((u) => u.deleteExpired())
      .catch((error: unknown) =>
        options.logger.warn("expired resumable uploads could not be deleted", {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  }, 3_600_000);
  sweep.unref();
  const route = new Hono();
  route.all("/*", async (c) => {
    // A browser's preflight carries no token; tus answers it with its own CORS headers.
    let auth: Authenticated | null = null;
    if (c.req.method !== "OPTIONS") {
      auth = await createContext(deps, {
        token: bearerToken(c.req.header("authorization")),
        ip: options.clientIp(c),
      }).auth();
      if (!auth) return c.json({ success: false, message: MESSAGES.auth.unauthorized }, 401);
    }
    try {
      return await (await ready()).handle(c.req.raw, auth);
    } catch (error) {
      options.logger.warn("resumable upload failed", {
        path: c.req.path,
        error: error instanceof Error ? error.message : String(error),
      });
      return c.json({ success: false, message: MESSAGES.upload.storageUnavailable }, 503);
    }
  });
  return {
    route,
    /** Deletes unfinished uploads past their expiry (run with the hourly upload clean-up). */
    deleteExpired: async () => (await ready()).deleteExpired(),
  };
}
