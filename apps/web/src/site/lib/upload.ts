import { describeFileKind, formatFileSize, MESSAGES, TIMINGS, UPLOAD_LIMITS } from "@studio/validators";
import { ownPath } from "../../lib/own-path";

/** What the booking upload accepts: images (JPG, PNG, GIF, WebP) and documents (PDF, DOC, DOCX, TXT). */
const ALLOWED_EXTENSIONS = new Set(["jpg", "jpeg", "png", "gif", "webp", "pdf", "doc", "docx", "txt"]);

/** The specification's message for a file the booking form cannot take, or null when it is fine. */
export function checkBookingFile(file: File): string | null {
  const ext = file.name.includes(".") ? file.name.split(".").pop()!.toLowerCase() : "";
  if (!ALLOWED_EXTENSIONS.has(ext))
    return MESSAGES.upload.typeNotSupported(describeFileKind(file.type, file.name));
  if (file.size > UPLOAD_LIMITS.defaultBytes)
    return MESSAGES.upload.tooLarge(formatFileSize(file.size), UPLOAD_LIMITS.defaultBytes / (1024 * 1024));
  if (file.size === 0) return MESSAGES.upload.emptyFile;
  return null;
}

export class UploadError extends Error {}

type UploadAnswer = { success?: boolean; url?: string; message?: string; data?: { url?: string } };

/**
 * Multipart upload (field "image") to the public booking endpoint with progress and the 30 s time-out.
 * XMLHttpRequest rather than fetch: fetch reports no upload progress.
 */
export function uploadBookingFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload/image");
    xhr.timeout = TIMINGS.uploadTimeoutMs;
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: UploadAnswer = {};
      try {
        body = JSON.parse(xhr.responseText) as UploadAnswer;
      } catch {
        // not JSON: handled below
      }
      const url = body.url ?? body.data?.url;
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false && url) {
        onProgress(100);
        resolve(ownPath(url));
        return;
      }
      // Type and size refusals explain themselves; anything else gets the form's generic message.
      const explain = (xhr.status === 413 || xhr.status === 415 || xhr.status === 429) && body.message;
      reject(new UploadError(explain ? body.message : MESSAGES.upload.failed));
    };
    xhr.onerror = () => reject(new UploadError(MESSAGES.upload.failed));
    xhr.ontimeout = () => reject(new UploadError(MESSAGES.upload.failed));
    xhr.onabort = () => reject(new UploadError(MESSAGES.upload.failed));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  });
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; fall back to random bytes). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
