/**
 * The upload pipeline: multipart body → temporary file (counted while it streams) → type decided by the bytes
 * → images re-encoded (+ WebP variants for public media) → storage under a generated name → Upload row.
 * The row is written last, so a failure anywhere leaves neither a row nor a stored file behind.
 */
import { randomUUID } from "node:crypto";
import { type FileHandle, mkdir, open, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describeFileKind, formatFileSize, MB, MESSAGES, UPLOAD_LIMITS } from "@studio/validators";
import { AppError } from "../../errors";
import type { UploadStorage } from "../../storage/storage";
import { assertWithinUploadBudget, type UploadBudgetDeps } from "./budget";
import { ImageDecodeError, ImageTooLargeError, MAX_INPUT_PIXELS, reencodeImage } from "./images";
import { boundaryOf, MultipartError, MultipartReader, type PartHeaders } from "./multipart";
import { type MediaKind, SNIFF_BYTES, type Sniffed, sniffHead, verifyWholeFile } from "./sniff";

export type UploadPurpose = "booking_proof" | "service_image" | "portfolio_media" | "gallery_media";

export type UploadDeps = UploadBudgetDeps & { storage: UploadStorage; ip: string };

/** The raw request: its body stream and the headers that describe it (all untrusted). */
export type UploadRequest = {
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  /** Declared length; only believed when it already says "too big". */
  contentLength: number | null;
};

export type StoredUpload = {
  id: string;
  url: string;
  kind: MediaKind;
  mimeType: string;
  extension: string;
  size: number;
  originalName: string;
  variants: { width: number; url: string }[];
};

/** The multipart field that carries the file (specification, section 7). */
export const FILE_FIELD = "image";

type Policy = { kinds: MediaKind[]; visibility: "public" | "private"; variants: boolean };

const POLICIES: Record<UploadPurpose, Policy> = {
  // Booking proofs are customer data: private, no public variants.
  booking_proof: { kinds: ["image", "document"], visibility: "private", variants: false },
  service_image: { kinds: ["image"], visibility: "public", variants: true },
  portfolio_media: { kinds: ["image", "video"], visibility: "public", variants: true },
  // A client's gallery: private (served through signed links), with WebP variants for the grid.
  gallery_media: { kinds: ["image", "video"], visibility: "private", variants: true },
};

const LIMITS: Record<MediaKind, number> = {
  image: UPLOAD_LIMITS.defaultBytes,
  document: UPLOAD_LIMITS.defaultBytes,
  video: UPLOAD_LIMITS.videoBytes,
};

/** Room for the multipart framing and small extra fields around the file. */
const BODY_OVERHEAD = 1 * MB;
/** A declared Content-Length this far past the limit is refused before the file is read. */
const CONTENT_LENGTH_SLACK = 64 * 1024;

const missingFile = () =>
  new AppError("BAD_REQUEST", MESSAGES.upload.missingFile, {
    fieldErrors: { [FILE_FIELD]: MESSAGES.upload.missingFile },
  });
const emptyFile = () =>
  new AppError("BAD_REQUEST", MESSAGES.upload.emptyFile, {
    fieldErrors: { [FILE_FIELD]: MESSAGES.upload.emptyFile },
  });
const brokenBody = () => new AppError("BAD_REQUEST", MESSAGES.upload.failed);
const damaged = () =>
  new AppError("BAD_REQUEST", MESSAGES.upload.damaged, {
    fieldErrors: { [FILE_FIELD]: MESSAGES.upload.damaged },
  });
const storageUnavailable = () => new AppError("SERVICE_UNAVAILABLE", MESSAGES.upload.storageUnavailable);
const tooLarge = (size: string, limitBytes: number) =>
  new AppError("PAYLOAD_TOO_LARGE", MESSAGES.upload.tooLarge(size, Math.round(limitBytes / MB)));

/** An error from the file system (ENOSPC, EROFS, EACCES, …) becomes "storage unavailable"; others pass. */
async function storageStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw storageUnavailable();
  }
}

/** A file name safe to keep and show: no path, no control or bidi characters, bounded length. */
export function sanitizeFileName(name: string | null | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are removed on purpose.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069"<>:|?*]/g, "")
    .replace(/^[.\s]+/, "")
    .trim()
    .slice(0, 200);
  return cleaned || "file";
}

/**
 * The X of "File type X is not supported", in words ("a web page", "an .exe program"): from the type the bytes
 * revealed when they revealed one (an HTML file named .png is a web page, not a PNG image); otherwise from the
 * client's declared type unless it is the meaningless application/octet-stream; otherwise from the file name.
 */
export function describeFileType(
  detectedMime: string | null,
  declared: string | null,
  fileName: string | null,
): string {
  const declaredMime = declared?.split(";")[0]?.trim().toLowerCase() ?? "";
  const mime = detectedMime ?? (declaredMime === "application/octet-stream" ? null : declaredMime);
  return describeFileKind(mime, sanitizeFileName(fileName));
}

const unsupported = (detectedMime: string | null, part: PartHeaders, policy: Policy) =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    MESSAGES.upload.typeNotSupported(
      describeFileType(detectedMime, part.contentType, part.filename),
      policy.kinds.length === 1 && policy.kinds[0] === "image",
    ),
  );

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  let offset = 0;
  while (offset < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
    offset += bytesWritten;
  }
}

async function findFilePart(multipart: MultipartReader): Promise<PartHeaders | null> {
  for (let parts = 0; parts < 20; parts++) {
    const part = await multipart.nextPart();
    if (!part) return null;
    if (part.name === FILE_FIELD && part.filename !== null) return part;
  }
  return null;
}

type Received = { size: number; sniffed: Sniffed };

/** Streams the file part into `tempPath`, deciding its type from the first bytes and counting against its limit. */
async function receiveFile(
  multipart: MultipartReader,
  part: PartHeaders,
  tempPath: string,
  policy: Policy,
  contentLength: number | null,
): Promise<Received> {
  const maxFile = Math.max(...policy.kinds.map((k) => LIMITS[k]));
  const refuse = (detectedMime: string | null) => unsupported(detectedMime, part, policy);
  // Estimated from a declared Content-Length; trusted only to refuse early, never to accept.
  const estimate =
    contentLength !== null && contentLength > 0
      ? contentLength - multipart.partDataOffset - multipart.closingLength
      : null;
  const sizeText = (limit: number) =>
    estimate !== null && estimate > limit ? formatFileSize(estimate) : `over ${Math.round(limit / MB)}MB`;

  let size = 0;
  let limit = maxFile;
  const state: { sniffed: Sniffed | null } = { sniffed: null };
  let head: Buffer[] = [];
  let headLength = 0;
  const decide = async (complete: boolean) => {
    const result = await sniffHead(Buffer.concat(head, headLength), complete);
    head = [];
    if ("refused" in result) throw refuse(result.detectedMime);
    if (!policy.kinds.includes(result.kind)) throw refuse(result.mimeType);
    state.sniffed = result;
    limit = LIMITS[result.kind];
    if (estimate !== null && estimate > limit + CONTENT_LENGTH_SLACK) throw tooLarge(sizeText(limit), limit);
  };

  const handle = await storageStep(() => open(tempPath, "wx", 0o600));
  try {
    await multipart.readData(async (chunk) => {
      size += chunk.length;
      if (!state.sniffed) {
        head.push(chunk);
        headLength += chunk.length;
        if (headLength >= SNIFF_BYTES) await decide(false);
      }
      if (size > limit) throw tooLarge(sizeText(limit), limit);
      await storageStep(() => writeAll(handle, chunk));
    });
  } finally {
    await handle.close().catch(() => undefined);
  }
  if (size === 0) throw part.filename === "" ? missingFile() : emptyFile();
  if (!state.sniffed) await decide(true);
  if (!state.sniffed) throw brokenBody();
  return { size, sniffed: state.sniffed };
}

/**
 * Receives one file from a multipart body for `purpose` and stores it. Throws AppError with the
 * specification's messages: 415 wrong type, 413 too large, 400 missing/empty/broken, 503 storage unavailable.
 */
export async function storeUpload(
  deps: UploadDeps,
  purpose: UploadPurpose,
  request: UploadRequest,
): Promise<StoredUpload> {
  const policy = POLICIES[purpose];
  const boundary = boundaryOf(request.contentType);
  if (!request.body || !boundary) throw missingFile();
  // Public uploads (booking proofs) count against their sender's address; admins' only against the studio's.
  const uploaderAddress = purpose === "booking_proof" ? deps.ip : null;
  await assertWithinUploadBudget(deps, uploaderAddress, "before");
  const maxFile = Math.max(...policy.kinds.map((k) => LIMITS[k]));
  const reader = request.body.getReader();
  const multipart = new MultipartReader(reader, boundary, maxFile + BODY_OVERHEAD);
  const temps: string[] = [];
  const stored: string[] = [];
  try {
    const part = await findFilePart(multipart);
    if (!part) throw missingFile();
    await storageStep(() => mkdir(deps.storage.tempDir, { recursive: true }));
    const tempPath = path.join(deps.storage.tempDir, `${randomUUID()}.upload`);
    temps.push(tempPath);
    const { size: receivedSize, sniffed } = await receiveFile(
      multipart,
      part,
      tempPath,
      policy,
      request.contentLength,
    );

    const id = randomUUID();
    const prefix = policy.visibility === "public" ? "media" : "private";
    const key = `${prefix}/${id}.${sniffed.ext}`;
    const put = async (storageKey: string, file: string) => {
      await storageStep(() => deps.storage.putFile(storageKey, file));
      stored.push(storageKey);
    };
    const putBuffer = async (storageKey: string, data: Buffer) => {
      const file = path.join(deps.storage.tempDir, `${randomUUID()}.out`);
      temps.push(file);
      await storageStep(() => writeFile(file, data, { flag: "wx", mode: 0o600 }));
      await put(storageKey, file);
    };

    let size = receivedSize;
    const variants: { width: number; key: string }[] = [];
    if (sniffed.verify === "image") {
      let encoded: Awaited<ReturnType<typeof reencodeImage>>;
      try {
        encoded = await reencodeImage(tempPath, sniffed.ext, policy.variants);
      } catch (error) {
        if (error instanceof ImageTooLargeError)
          throw new AppError(
            "PAYLOAD_TOO_LARGE",
            MESSAGES.upload.imageTooManyPixels(error.width, error.height, MAX_INPUT_PIXELS),
          );
        if (error instanceof ImageDecodeError) throw damaged();
        throw error;
      }
      await putBuffer(key, encoded.main);
      size = encoded.main.length;
      for (const variant of encoded.variants) {
        const variantKey = `${prefix}/${id}-${variant.width}.webp`;
        await putBuffer(variantKey, variant.data);
        variants.push({ width: variant.width, key: variantKey });
      }
    } else {
      const check = await storageStep(() => verifyWholeFile(tempPath, sniffed));
      // The whole file says it is something else than its first bytes did, or nothing coherent at all.
      if (!check.ok) throw check.detectedMime ? unsupported(check.detectedMime, part, policy) : damaged();
      await put(key, tempPath);
    }

    const originalName = sanitizeFileName(part.filename);
    await deps.db.upload.create({
      data: {
        id,
        purpose,
        kind: sniffed.kind,
        mimeType: sniffed.mimeType,
        extension: sniffed.ext,
        size,
        originalName,
        storageKey: key,
        ...(variants.length
          ? { variants: Object.fromEntries(variants.map((v) => [String(v.width), v.key])) }
          : {}),
        createdAt: deps.now(),
        uploaderAddress,
      },
    });
    try {
      await assertWithinUploadBudget(deps, uploaderAddress, "stored");
    } catch (error) {
      await deps.db.upload.deleteMany({ where: { id } });
      throw error;
    }
    return {
      id,
      url: `/uploads/${key}`,
      kind: sniffed.kind,
      mimeType: sniffed.mimeType,
      extension: sniffed.ext,
      size,
      originalName,
      variants: variants.map((v) => ({ width: v.width, url: `/uploads/${v.key}` })),
    };
  } catch (error) {
    await Promise.all(stored.map((key) => deps.storage.remove(key).catch(() => undefined)));
    if (error instanceof MultipartError) {
      if (error.reason === "tooLarge") throw tooLarge(`over ${Math.round(maxFile / MB)}MB`, maxFile);
      throw brokenBody();
    }
    throw error;
  } finally {
    reader.releaseLock();
    await Promise.all(temps.map((file) => rm(file, { force: true }).catch(() => undefined)));
  }
}
