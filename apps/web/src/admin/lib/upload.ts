import { MESSAGES, TIMINGS } from "@studio/validators";
import { getToken, handleUnauthorized } from "../../lib/auth-storage";
import { ownPath } from "../../lib/own-path";

/** The upload endpoints of the REST layer (multipart, field "image"). */
export type UploadEndpoint =
  | "/api/upload/image"
  | "/api/services/upload-image"
  | "/api/portfolio/upload-image"
  | "/api/galleries/upload-media";

export type UploadResult = { url: string };

export class UploadError extends Error {
  /** The server's own explanation (type not supported, too large…), when it gave one. */
  readonly reason: string | null;
  readonly status: number;
  constructor(message: string, reason: string | null, status: number) {
    super(message);
    this.name = "UploadError";
    this.reason = reason;
    this.status = status;
  }
}

type Options = { onProgress?: (percent: number) => void; signal?: AbortSignal };

/**
 * Sends one file with XMLHttpRequest so the form can show progress (fetch has no upload progress).
 * This is the only non-tRPC call of the back office: tRPC carries JSON, uploads are multipart.
 */
export function uploadFile(
  endpoint: UploadEndpoint,
  file: File,
  options: Options = {},
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.timeout = TIMINGS.uploadTimeoutMs;
    const token = getToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { success?: boolean; url?: string; data?: { url?: string }; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText || "{}");
      } catch {
        body = {};
      }
      if (xhr.status === 401 && endpoint !== "/api/upload/image") {
        handleUnauthorized();
      }
      const url = body.data?.url ?? body.url;
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false && url) {
        options.onProgress?.(100);
        resolve({ url: ownPath(url) });
        return;
      }
      const reason = body.message ?? `HTTP error! status: ${xhr.status}`;
      reject(new UploadError(MESSAGES.upload.failedWithReason(reason), body.message ?? null, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(MESSAGES.upload.uploadFailed, null, 0));
    xhr.ontimeout = () => reject(new UploadError(MESSAGES.upload.uploadFailed, null, 0));
    xhr.onabort = () => reject(new UploadError(MESSAGES.upload.uploadFailed, null, 0));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  });
}
