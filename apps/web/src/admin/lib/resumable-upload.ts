/**
 * Sends a whole shoot with resumable uploads (tus, through tus-js-client) to /api/uploads/resumable: a few files
 * at a time, each in chunks, with per-file and total progress. A dropped connection is retried from where the
 * server's copy ends; after a page reload, choosing the same files again continues each from its offset (the
 * upload's URL is kept in localStorage under a fingerprint of the file: name, type, size, last change, and where
 * it goes: purpose and metadata, so a file sent to one gallery never resumes into another) instead of sending
 * it again. Framework-free, so any screen (a gallery's uploader, the portfolio) can drive it.
 */
import { MESSAGES } from "@studio/validators";
import * as tus from "tus-js-client";
import { getToken, handleUnauthorized } from "../../lib/auth-storage";

export const RESUMABLE_ENDPOINT = "/api/uploads/resumable";

export type FileStatus = "queued" | "uploading" | "done" | "failed" | "cancelled";

export type FileProgress = {
  index: number;
  name: string;
  status: FileStatus;
  bytesSent: number;
  bytesTotal: number;
  /** Set when done: the Upload's id and its MediaAsset's id (whose processing the live stream reports). */
  uploadId?: string;
  mediaId?: number;
  /** Set when failed: the server's reason (type not supported, too large, …) or a network message. */
  error?: string;
};

export type TotalProgress = {
  bytesSent: number;
  bytesTotal: number;
  done: number;
  failed: number;
  files: number;
};

/** The part of tus-js-client's Upload this module uses (tests pass their own). */
export type UploadLike = {
  start(): void;
  abort(shouldTerminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<tus.PreviousUpload[]>;
  resumeFromPreviousUpload(previous: tus.PreviousUpload): void;
};

export type UploadFactory = (file: File, options: tus.UploadOptions) => UploadLike;

export type ResumableUploadOptions = {
  /** What the files are for (the server's `purpose`: e.g. "gallery_media"). */
  purpose: string;
  /** More metadata for the server (e.g. the gallery and set the files go to). */
  metadata?: Record<string, string>;
  /** Files sent at once (default 3). */
  concurrency?: number;
  /** Bytes per PATCH request (default 8 MB): a dropped connection costs at most one chunk. */
  chunkSize?: number;
  onFileProgress?: (progress: FileProgress) => void;
  onTotalProgress?: (progress: TotalProgress) => void;
  /** Stops every upload; what reached the server is kept, so choosing the files again resumes them. */
  signal?: AbortSignal;
  endpoint?: string;
  /** For tests: builds the upload (default tus-js-client's). */
  createUpload?: UploadFactory;
};

/** The key an unfinished upload is remembered by: the file, and what it is for (purpose and metadata). */
export function fingerprintOf(
  file: File,
  purpose: string,
  metadata: Record<string, string> = {},
  endpoint = RESUMABLE_ENDPOINT,
): string {
  const target = Object.keys(metadata)
    .sort()
    .map((k) => `${k}=${metadata[k]}`)
    .join("&");
  return ["tus-br", purpose, target, file.name, file.type, file.size, file.lastModified, endpoint].join("-");
}

/**
 * Uploads started on this browser that did not finish (a reload, a closed tab), for `purpose` with this
 * metadata: choosing or dropping the same files again goes on from where each stopped.
 */
export async function unfinishedUploads(
  purpose: string,
  metadata: Record<string, string> = {},
): Promise<{ name: string; size: number | null }[]> {
  if (!tus.canStoreURLs) return [];
  try {
    const all = await tus.defaultOptions.urlStorage.findAllUploads();
    return all
      .filter(
        (u) =>
          u.metadata.purpose === purpose && Object.entries(metadata).every(([k, v]) => u.metadata[k] === v),
      )
      .map((u) => ({ name: u.metadata.filename ?? "", size: u.size }));
  } catch {
    return [];
  }
}

/** "<upload id>,<media id>" from the server's Upload-Result header. */
export function parseUploadResult(
  header: string | undefined | null,
): { uploadId: string; mediaId: number } | null {
  const [uploadId, media] = (header ?? "").split(",");
  const mediaId = Number(media);
  return uploadId && Number.isSafeInteger(mediaId) && mediaId > 0 ? { uploadId, mediaId } : null;
}

/**
 * The server's message from a refused request's JSON body; a plain sentence when the network failed (after the
 * retries) or the server did not answer with one; tus-js-client's own text otherwise.
 */
export function reasonOf(error: unknown): string {
  const response = (error as tus.DetailedError | null)?.originalResponse;
  const body = response?.getBody?.();
  if (body) {
    try {
      const parsed = JSON.parse(body) as { message?: unknown };
      if (typeof parsed.message === "string") return parsed.message;
    } catch {
      // not JSON: fall through
    }
  }
  const status = statusOf(error);
  if (error instanceof tus.DetailedError && status === 0) return MESSAGES.upload.connectionLost;
  if (status >= 500) return MESSAGES.upload.storageUnavailable;
  return error instanceof Error ? error.message : String(error);
}

const statusOf = (error: unknown) =>
  (error as tus.DetailedError | null)?.originalResponse?.getStatus?.() ?? 0;

/** Uploads `files`, `concurrency` at a time; resolves with every file's outcome (a failure does not stop the rest). */
export async function uploadResumable(
  files: readonly File[],
  options: ResumableUploadOptions,
): Promise<FileProgress[]> {
  const create: UploadFactory = options.createUpload ?? ((file, o) => new tus.Upload(file, o));
  const states: FileProgress[] = files.map((file, index) => ({
    index,
    name: file.name,
    status: "queued",
    bytesSent: 0,
    bytesTotal: file.size,
  }));
  const total = () => {
    let bytesSent = 0;
    let done = 0;
    let failed = 0;
    for (const s of states) {
      bytesSent += s.status === "done" ? s.bytesTotal : s.bytesSent;
      if (s.status === "done") done++;
      if (s.status === "failed") failed++;
    }
    return {
      bytesSent,
      bytesTotal: files.reduce((n, f) => n + f.size, 0),
      done,
      failed,
      files: files.length,
    };
  };
  const report = (state: FileProgress) => {
    options.onFileProgress?.({ ...state });
    options.onTotalProgress?.(total());
  };

  const sendOne = (index: number) =>
    new Promise<void>((resolve) => {
      const file = files[index]!;
      const state = states[index]!;
      if (options.signal?.aborted) {
        state.status = "cancelled";
        report(state);
        resolve();
        return;
      }
      const finish = (status: FileStatus, extra: Partial<FileProgress> = {}) => {
        Object.assign(state, { status, ...extra });
        options.signal?.removeEventListener("abort", onAbort);
        report(state);
        resolve();
      };
      const upload = create(file, {
        endpoint: options.endpoint ?? RESUMABLE_ENDPOINT,
        chunkSize: options.chunkSize ?? 8 * 1024 * 1024,
        retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000],
        metadata: {
          ...options.metadata,
          purpose: options.purpose,
          filename: file.name,
          filetype: file.type || "application/octet-stream",
        },
        fingerprint: (f, o) =>
          Promise.resolve(fingerprintOf(f, options.purpose, options.metadata, o.endpoint ?? undefined)),
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        // The token is read at every request: a long upload outlives nothing the admin does meanwhile.
        onBeforeRequest: (request) => {
          const token = getToken();
          if (token) request.setHeader("Authorization", `Bearer ${token}`);
        },
        // Refusals (type, size, purpose) are final; the network, 409 (offset moved), 423 (locked) and 5xx retry.
        onShouldRetry: (error) => {
          const status = statusOf(error);
          return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
        },
        onProgress: (bytesSent, bytesTotal) => {
          Object.assign(state, { status: "uploading", bytesSent, bytesTotal });
          report(state);
        },
        onSuccess: ({ lastResponse }) => {
          const ids = parseUploadResult(lastResponse.getHeader("Upload-Result"));
          finish("done", { bytesSent: state.bytesTotal, ...(ids ?? {}) });
        },
        onError: (error) => {
          if (statusOf(error) === 401) handleUnauthorized();
          finish("failed", { error: reasonOf(error) });
        },
      });
      const onAbort = () => {
        // Not terminated: the server keeps what it has, and the fingerprint stays for a later resume.
        void upload.abort(false).then(() => finish("cancelled"));
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      state.status = "uploading";
      report(state);
      upload
        .findPreviousUploads()
        .then((previous) => {
          // The newest earlier attempt at this very file (same name, type, size and last change).
          const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
          if (latest) upload.resumeFromPreviousUpload(latest);
          upload.start();
        })
        .catch(() => upload.start());
    });

  const queue = files.map((_, i) => i);
  const lanes = Array.from(
    { length: Math.max(1, Math.min(options.concurrency ?? 3, files.length)) },
    async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendOne(next);
    },
  );
  await Promise.all(lanes);
  return states.map((s) => ({ ...s }));
}
