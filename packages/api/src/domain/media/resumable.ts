/**
 * Resumable uploads with the tus protocol (tus.io, v1.0.0 with creation, termination and expiration), for
 * admins sending a whole shoot (ADR 021). `@tus/server` receives the bytes straight into storage without holding
 * them in memory: `@tus/file-store` writes them to a file under the storage's temporary directory (local disk),
 * `@tus/s3-store` sends them to the bucket as multipart parts (STORAGE=s3, so any instance can take the next
 * chunk). An interrupted upload continues from the offset the server has (HEAD), on any instance with S3.
 *
 * When the last byte is in, the file is judged like every other upload: its type by its bytes (sniff.ts), the
 * size limit of that kind, and for images the pixel count in its header (images.ts). A refused file is deleted
 * and the last PATCH answers 4xx with the reason. An accepted one is moved to its final key
 * (`private/<uuid>.<ext>`, or `media/…` for a public purpose), and its Upload row, MediaAsset row and
 * "media.process" job are written in one transaction. The answer carries `Upload-Result: <upload id>,<asset id>`;
 * a HEAD on a finished upload answers it too, so a client whose last response was lost still learns the ids.
 */
import { randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import type { S3Store } from "@tus/s3-store";
import { MemoryLocker, Server, type ServerOptions } from "@tus/server";
import { MB, MESSAGES, UPLOAD_LIMITS } from "@studio/validators";
import { z } from "zod";
import type { Authenticated } from "../../auth/principal";
import type { Context } from "../../context";
import { AppError, type AppErrorCode, HTTP_STATUS } from "../../errors";
import type { S3StorageOptions } from "../../storage/s3";
import { ImageTooLargeError, MAX_INPUT_PIXELS } from "../uploads/images";
import { type MediaKind, SNIFF_BYTES, sniffHead } from "../uploads/sniff";
import { describeFileType, sanitizeFileName, type UploadPurpose } from "../uploads/store";
import type { Tx } from "../uploads/proof";
import { assertDecodableSize } from "./image";
import { enqueueMediaProcessing } from "./process";

type Deps = Pick<Context, "db" | "storage" | "now">;

/** What a purpose accepts through resumable uploads, and where its files go. */
export type ResumablePurpose = {
  kinds: MediaKind[];
  visibility: "public" | "private";
  /**
   * Checks the client's metadata and the caller when the upload is created, before any byte is stored (e.g. that
   * the gallery and set it names exist and belong together): answers a message to refuse it with (400), or null.
   * Run again when the last byte is in (the gallery may have been deleted meanwhile).
   */
  validate?: (metadata: Record<string, string>, caller: Authenticated) => Promise<string | null>;
  /** Watermark and EXIF choices for the processing job (e.g. from the gallery's settings). */
  processing?: (
    metadata: Record<string, string>,
  ) => Promise<{ watermark: string | null; keepLocation: boolean }>;
  /**
   * Runs in the transaction that writes the Upload, its MediaAsset and its job (e.g. creates the gallery item and
   * marks the upload attached): a throw rolls all of it back and refuses the file.
   */
  onAccepted?: (
    tx: Tx,
    accepted: { uploadId: string; assetId: number; kind: MediaKind; metadata: Record<string, string> },
    caller: Authenticated,
  ) => Promise<void>;
};

export type ResumableUploadsOptions = {
  /** Where the routes are mounted, e.g. "/api/uploads/resumable". */
  path: string;
  /** The purposes a client may name in its `purpose` metadata. */
  purposes: Partial<Record<UploadPurpose, ResumablePurpose>>;
  /** With STORAGE=s3: the bucket's settings (the tus store keeps its parts there). */
  s3?: Omit<S3StorageOptions, "tempDir">;
  /** Size limit per kind (default: the limits of every other upload). */
  limits?: Partial<Record<MediaKind, number>>;
  /** Unfinished uploads are deleted this long after their last byte (default a day). */
  expireAfterMs?: number;
};

const DEFAULT_LIMITS: Record<MediaKind, number> = {
  image: UPLOAD_LIMITS.defaultBytes,
  document: UPLOAD_LIMITS.defaultBytes,
  video: UPLOAD_LIMITS.videoBytes,
};

/** The tus metadata the client sends with its first request (all strings, all untrusted). */
const ZResumableMetadata = z
  .object({
    purpose: z.string().min(1).max(40),
    filename: z.string().max(1000).optional(),
    filetype: z.string().max(200).optional(),
  })
  .catchall(z.string().max(1000).nullable());

/** tus ids are `tus/<uuid>`: a folder of their own in the bucket or the temporary directory; URLs carry the uuid. */
const TUS_PREFIX = "tus/";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A refusal the tus server sends as the response (status and a JSON body with the message). */
function refusal(status: number, message: string) {
  return { status_code: status, body: JSON.stringify({ success: false, message }) };
}

/** Where tus keeps unfinished uploads, and how a finished one is read and moved into storage. */
type Backend = {
  store: FileStore | S3Store;
  head: (id: string, bytes: number) => Promise<Buffer>;
  /** Moves the finished upload to its storage key (a rename on disk, a server-side copy in the bucket). */
  moveTo: (id: string, key: string) => Promise<void>;
  /** Deletes the upload's bytes and its tus bookkeeping. */
  discard: (id: string) => Promise<void>;
};

function diskBackend(deps: Deps, expireAfterMs: number): Backend {
  const directory = deps.storage.tempDir;
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: expireAfterMs });
  const fileOf = (id: string) => path.join(directory, id);
  return {
    store,
    head: async (id, bytes) => {
      const handle = await open(fileOf(id), "r");
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    moveTo: async (id, key) => {
      await deps.storage.putFile(key, fileOf(id));
      await rm(`${fileOf(id)}.json`, { force: true });
    },
    discard: async (id) => {
      await rm(fileOf(id), { force: true });
      await rm(`${fileOf(id)}.json`, { force: true });
    },
  };
}

/** The AWS SDK is loaded only with STORAGE=s3 (megabytes of heap a server storing on disk does not carry). */
async function s3Backend(
  s3: NonNullable<ResumableUploadsOptions["s3"]>,
  expireAfterMs: number,
): Promise<Backend> {
  const { S3Store } = await import("@tus/s3-store");
  const { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand } = await import("@aws-sdk/client-s3");
  const store = new S3Store({
    partSize: 8 * MB,
    expirationPeriodInMilliseconds: expireAfterMs,
    // Tags mark finished uploads for a bucket lifecycle rule; S3-compatible servers without tagging refuse them.
    useTags: false,
    s3ClientConfig: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: s3.forcePathStyle ?? false,
      credentials: s3.credentials,
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    },
  });
  // The store's own client (an S3 aggregated client): one connection pool for the parts and the moves.
  const client = (store as unknown as { client: import("@aws-sdk/client-s3").S3 }).client;
  const Bucket = s3.bucket;
  return {
    store,
    head: async (id, bytes) => {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: id, Range: `bytes=0-${bytes - 1}` }));
      return Buffer.from((await out.Body?.transformToByteArray()) ?? []);
    },
    moveTo: async (id, key) => {
      await client.send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${id}` }));
      await client.send(
        new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }] } }),
      );
    },
    discard: async (id) => {
      await client
        .send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }] } }))
        .catch(() => undefined);
    },
  };
}

export type ResumableUploads = {
  /**
   * Answers one tus request of `caller`, whom the route has authenticated as an admin (null only for a browser's
   * CORS preflight, which carries no token and reaches no hook).
   */
  handle: (request: Request, caller: Authenticated | null) => Promise<Response>;
  /** Deletes unfinished uploads older than the expiry; answers how many. */
  deleteExpired: () => Promise<number>;
};

export async function createResumableUploads(
  deps: Deps,
  options: ResumableUploadsOptions,
): Promise<ResumableUploads> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const expireAfterMs = options.expireAfterMs ?? 24 * 3600_000;
  if (!options.s3) await mkdir(path.join(deps.storage.tempDir, TUS_PREFIX), { recursive: true });
  const backend = options.s3 ? await s3Backend(options.s3, expireAfterMs) : diskBackend(deps, expireAfterMs);
  const purposes = options.purposes;
  const maxOf = (kinds: MediaKind[]) => Math.max(...kinds.map((k) => limits[k]));
  const largest = maxOf(Object.values(purposes).flatMap((p) => p?.kinds ?? []));
  const base = options.path.replace(/\/+$/, "");
  // The hooks are handed tus's request, which is the one `handle` got: its caller is found through it.
  const callers = new WeakMap<Request, Authenticated>();
  const callerOf = (request: Request) => {
    const caller = callers.get(request);
    if (!caller) throw refusal(401, MESSAGES.auth.unauthorized);
    return caller;
  };

  const purposeOf = (metadata: Record<string, string | null> | undefined) => {
    const parsed = ZResumableMetadata.safeParse(metadata ?? {});
    if (!parsed.success) return null;
    const name = parsed.data.purpose as UploadPurpose;
    const policy = Object.hasOwn(purposes, name) ? purposes[name] : undefined;
    return policy ? { name, policy, metadata: parsed.data } : null;
  };

  /** Judges a finished upload and makes it an Upload with its processing job; answers the ids. */
  const accept = async (
    id: string,
    size: number,
    metadata: Record<string, string | null> | undefined,
    caller: Authenticated,
  ): Promise<{ uploadId: string; assetId: number }> => {
    const chosen = purposeOf(metadata);
    if (!chosen) throw refusal(400, MESSAGES.upload.resumablePurpose);
    const { policy } = chosen;
    const invalid = await policy.validate?.(stringsOf(chosen.metadata), caller);
    if (invalid) throw refusal(400, invalid);
    const head = await backend.head(id, Math.min(size, 256 * 1024));
    const sniffed = await sniffHead(head.subarray(0, SNIFF_BYTES), size <= SNIFF_BYTES);
    if ("refused" in sniffed || !policy.kinds.includes(sniffed.kind)) {
      const detected = "refused" in sniffed ? sniffed.detectedMime : sniffed.mimeType;
      throw refusal(
        415,
        MESSAGES.upload.typeNotSupported(
          describeFileType(detected, chosen.metadata.filetype ?? null, chosen.metadata.filename ?? null),
          policy.kinds.length === 1 && policy.kinds[0] === "image",
        ),
      );
    }
    const limit = limits[sniffed.kind];
    if (size > limit)
      throw refusal(413, MESSAGES.upload.tooLarge(`${(size / MB).toFixed(1)}MB`, Math.round(limit / MB)));
    if (sniffed.kind === "image") {
      try {
        await assertDecodableSize(head);
      } catch (error) {
        if (error instanceof ImageTooLargeError)
          throw refusal(413, MESSAGES.upload.imageTooManyPixels(error.width, error.height, MAX_INPUT_PIXELS));
        // A header that does not parse from the first 256 KB: the processing job decodes the whole file and
        // marks it failed if it really is damaged.
      }
    }
    const uploadId = randomUUID();
    const key = `${policy.visibility === "public" ? "media" : "private"}/${uploadId}.${sniffed.ext}`;
    const processing = (await policy.processing?.(stringsOf(chosen.metadata))) ?? {
      watermark: null,
      keepLocation: false,
    };
    await backend.moveTo(id, key);
    try {
      const assetId = await deps.db.$transaction(async (tx) => {
        await tx.upload.create({
          data: {
            id: uploadId,
            purpose: chosen.name,
            kind: sniffed.kind,
            mimeType: sniffed.mimeType,
            extension: sniffed.ext,
            size,
            originalName: sanitizeFileName(chosen.metadata.filename),
            storageKey: key,
            createdAt: deps.now(),
          },
        });
        const asset = await enqueueMediaProcessing(tx, { uploadId, ...processing });
        await tx.mediaAsset.update({ where: { id: asset }, data: { tusId: id } });
        await policy.onAccepted?.(
          tx,
          {
            uploadId,
            assetId: asset,
            kind: sniffed.kind,
            metadata: stringsOf(chosen.metadata),
          },
          caller,
        );
        return asset;
      });
      return { uploadId, assetId };
    } catch (error) {
      await deps.storage.remove(key).catch(() => undefined);
      throw error;
    }
  };

  const serverOptions: ServerOptions & { datastore: FileStore | S3Store } = {
    path: base,
    datastore: backend.store,
    maxSize: largest,
    // One PATCH at a time per upload in this instance; a client sends one at a time anyway (on S3 a resumed
    // upload may reach another instance only after the first one's request has ended).
    locker: new MemoryLocker(),
    relativeLocation: true,
    // The back office uploads from its own origin; tus would otherwise answer every origin with "*".
    allowedOrigins: () => false,
    disableTerminationForFinishedUploads: true,
    namingFunction: () => `${TUS_PREFIX}${randomUUID()}`,
    generateUrl: (_req, { path: at, id }) => `${at}/${id.slice(TUS_PREFIX.length)}`,
    getFileIdFromRequest: (_req, last) => (last && UUID.test(last) ? `${TUS_PREFIX}${last}` : undefined),
    onUploadCreate: async (req, upload) => {
      const caller = callerOf(req);
      if (upload.size === undefined) throw refusal(400, MESSAGES.upload.resumableLength);
      const chosen = purposeOf(upload.metadata);
      if (!chosen) throw refusal(400, MESSAGES.upload.resumablePurpose);
      const limit = maxOf(chosen.policy.kinds);
      if (upload.size > limit)
        throw refusal(
          413,
          MESSAGES.upload.tooLarge(`${(upload.size / MB).toFixed(1)}MB`, Math.round(limit / MB)),
        );
      if (upload.size === 0) throw refusal(400, MESSAGES.upload.emptyFile);
      const invalid = await chosen.policy.validate?.(stringsOf(chosen.metadata), caller);
      if (invalid) throw refusal(400, invalid);
      return {};
    },
    onUploadFinish: async (req, upload) => {
      try {
        const { uploadId, assetId } = await accept(
          upload.id,
          upload.size ?? upload.offset,
          upload.metadata,
          callerOf(req),
        );
        return { headers: { "Upload-Result": `${uploadId},${assetId}` } };
      } catch (error) {
        await backend.discard(upload.id);
        if (typeof error === "object" && error !== null && "status_code" in error) throw error;
        // A purpose's own refusal (its onAccepted hook) keeps its status and message.
        if (error instanceof AppError)
          throw refusal(HTTP_STATUS[error.code as AppErrorCode] ?? 400, error.message);
        throw refusal(503, MESSAGES.upload.storageUnavailable);
      }
    },
  };
  const server = new Server(serverOptions);

  return {
    async handle(request, caller) {
      if (caller) callers.set(request, caller);
      const method = request.method.toUpperCase();
      // The bytes of an upload are never served back through tus: finished files are read through their links.
      if (method === "GET")
        return new Response(null, { status: 405, headers: { Allow: "HEAD, PATCH, POST, DELETE, OPTIONS" } });
      if (method === "HEAD") {
        const last = new URL(request.url).pathname.split("/").pop() ?? "";
        if (UUID.test(last)) {
          const finished = await deps.db.mediaAsset.findUnique({
            where: { tusId: `${TUS_PREFIX}${last}` },
            select: { id: true, uploadId: true, upload: { select: { size: true } } },
          });
          if (finished)
            return new Response(null, {
              status: 200,
              headers: {
                "Tus-Resumable": "1.0.0",
                "Upload-Offset": String(finished.upload.size),
                "Upload-Length": String(finished.upload.size),
                "Upload-Result": `${finished.uploadId},${finished.id}`,
                "Cache-Control": "no-store",
                "Access-Control-Expose-Headers": "Upload-Offset, Upload-Length, Tus-Resumable, Upload-Result",
              },
            });
        }
      }
      const response = await server.handleWeb(request);
      // Let a browser read the ids of a finished upload.
      const headers = new Headers(response.headers);
      const exposed = headers.get("Access-Control-Expose-Headers");
      if (exposed && !exposed.includes("Upload-Result"))
        headers.set("Access-Control-Expose-Headers", `${exposed}, Upload-Result`);
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    deleteExpired: () => backend.store.deleteExpired(),
  };
}

function stringsOf(metadata: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
