/**
 * What a file is, decided by its bytes. file-type recognises binary formats by their magic numbers; the policy
 * here maps them to the specification's allowed list and adds what file-type leaves open: TXT (valid UTF-8
 * without control bytes that does not look like markup), DOC (an OLE2 compound file with a WordDocument stream)
 * and DOCX (a zip whose [Content_Types].xml or word/ entries say so). The client's file name and Content-Type
 * are never trusted; they only fill in the "File type X" message when the bytes say nothing better.
 */
import { open } from "node:fs/promises";
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";

export type MediaKind = "image" | "video" | "document";

export type Sniffed = {
  kind: MediaKind;
  /** Canonical extension of the stored file. */
  ext: string;
  mimeType: string;
  /** A check that needs the whole file, done once it has arrived. */
  verify: "image" | "doc" | "docx" | "txt" | null;
};

/** A refusal, with the type the bytes revealed when they revealed one (e.g. "text/html"). */
export type Refused = { refused: true; detectedMime: string | null };

/** How many leading bytes are collected before deciding. */
export const SNIFF_BYTES = 16 * 1024;

const IMAGE_TYPES: Record<string, { ext: string; mimeType: string }> = {
  jpg: { ext: "jpg", mimeType: "image/jpeg" },
  png: { ext: "png", mimeType: "image/png" },
  // Animated PNG is still PNG; the re-encoded copy keeps its first frame.
  apng: { ext: "png", mimeType: "image/png" },
  gif: { ext: "gif", mimeType: "image/gif" },
  webp: { ext: "webp", mimeType: "image/webp" },
};

const VIDEO_TYPES: Record<string, { ext: string; mimeType: string }> = {
  mp4: { ext: "mp4", mimeType: "video/mp4" },
  mov: { ext: "mov", mimeType: "video/quicktime" },
  avi: { ext: "avi", mimeType: "video/x-msvideo" },
  mkv: { ext: "mkv", mimeType: "video/x-matroska" },
  webm: { ext: "webm", mimeType: "video/webm" },
  m4v: { ext: "m4v", mimeType: "video/x-m4v" },
};

export const MIME_BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.values(IMAGE_TYPES).map((t) => [t.ext, t.mimeType])),
  ...Object.fromEntries(Object.values(VIDEO_TYPES).map((t) => [t.ext, t.mimeType])),
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  txt: "text/plain",
};

export function kindOfExtension(ext: string): MediaKind | null {
  if (Object.values(IMAGE_TYPES).some((t) => t.ext === ext)) return "image";
  if (ext in VIDEO_TYPES) return "video";
  if (ext === "pdf" || ext === "doc" || ext === "docx" || ext === "txt") return "document";
  return null;
}

const DOCX_MIME = MIME_BY_EXTENSION.docx!;

/**
 * Markup a browser could run or render: refused in text files, and in the first bytes of any non-image file
 * (where content sniffers look), so an HTML/PDF or HTML/video polyglot is not stored.
 */
const MARKUP =
  /<\s*(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|script[\s>/]|iframe[\s>/]|object[\s>/]|embed[\s>/]|svg[\s>/:]|math[\s>]|meta[\s>/]|link[\s>/]|style[\s>]|form[\s>]|base[\s>/]|img[\s>/]|a\s+href|\?xml[\s?])/i;

function markupMime(text: string): string | null {
  const match = MARKUP.exec(text);
  if (!match) return null;
  const tag = match[0].toLowerCase();
  if (tag.includes("svg")) return "image/svg+xml";
  if (tag.includes("?xml")) return "application/xml";
  return "text/html";
}

/** Control bytes other than tab, line feed, form feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is looked for.
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** True for UTF-8 text a person wrote: decodes strictly, no control bytes, no markup. */
function plainText(bytes: Uint8Array, complete: boolean): { ok: boolean; detectedMime: string | null } {
  let text: string;
  try {
    // With `stream: true` a multi-byte character cut at the end of the head is not an error.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: !complete });
  } catch {
    return { ok: false, detectedMime: null };
  }
  if (CONTROL.test(text)) return { ok: false, detectedMime: null };
  const markup = markupMime(text);
  if (markup) return { ok: false, detectedMime: markup };
  return { ok: true, detectedMime: null };
}

/** HTML a content sniffer would find in a binary file's first bytes (XML declarations are normal in zips). */
const HEAD_HTML =
  /<\s*(?:!doctype\s+html|html[\s>]|head[\s>]|body[\s>]|script[\s>/]|iframe[\s>/]|object[\s>/]|embed[\s>/]|svg[\s>/:]|meta[\s>/]|style[\s>]|form[\s>]|img[\s>/]|a\s+href)/i;

function headMarkup(head: Uint8Array): string | null {
  const match = HEAD_HTML.exec(Buffer.from(head.subarray(0, 1024)).toString("latin1"));
  if (!match) return null;
  return match[0].toLowerCase().includes("svg") ? "image/svg+xml" : "text/html";
}

/**
 * Decides from the first bytes (up to SNIFF_BYTES; `complete` when that is the whole file) what the file is.
 * Whole-file checks (decodable image, real DOC/DOCX, all-text TXT) follow in `verifyWholeFile`.
 */
export async function sniffHead(head: Uint8Array, complete: boolean): Promise<Sniffed | Refused> {
  let detected: { ext: string; mime: string } | undefined;
  try {
    detected = await fileTypeFromBuffer(head);
  } catch {
    detected = undefined;
  }
  if (!detected) {
    const text = plainText(head, complete);
    return text.ok
      ? { kind: "document", ext: "txt", mimeType: "text/plain", verify: "txt" }
      : { refused: true, detectedMime: text.detectedMime };
  }
  const image = IMAGE_TYPES[detected.ext];
  if (image) return { kind: "image", ...image, verify: "image" };
  // Every other kind is stored as sent, so markup where a browser would sniff for it is refused.
  const markup = headMarkup(head);
  if (markup) return { refused: true, detectedMime: markup };
  const video = VIDEO_TYPES[detected.ext];
  if (video) return { kind: "video", ...video, verify: null };
  if (detected.ext === "pdf" || detected.ext === "ai")
    return { kind: "document", ext: "pdf", mimeType: "application/pdf", verify: null };
  if (detected.ext === "cfb")
    return { kind: "document", ext: "doc", mimeType: MIME_BY_EXTENSION.doc!, verify: "doc" };
  // A head may show only the start of a zip; the whole file decides whether it is a Word document.
  if (detected.ext === "docx" || (detected.ext === "zip" && !complete))
    return { kind: "document", ext: "docx", mimeType: DOCX_MIME, verify: "docx" };
  return { refused: true, detectedMime: detected.mime };
}

const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

async function readWhole(path: string): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** The checks that need the whole file (images are verified by decoding them, in images.ts). */
export async function verifyWholeFile(
  path: string,
  sniffed: Sniffed,
): Promise<{ ok: true } | { ok: false; detectedMime: string | null }> {
  switch (sniffed.verify) {
    case "docx": {
      const type = await fileTypeFromFile(path).catch(() => undefined);
      return type?.ext === "docx" ? { ok: true } : { ok: false, detectedMime: type?.mime ?? null };
    }
    case "doc": {
      // Directory entries of a compound file name their streams in UTF-16LE; Word keeps its text in "WordDocument".
      const bytes = await readWhole(path);
      return bytes.includes(WORD_STREAM) ? { ok: true } : { ok: false, detectedMime: "application/x-cfb" };
    }
    case "txt": {
      const text = plainText(await readWhole(path), true);
      return text.ok ? { ok: true } : { ok: false, detectedMime: text.detectedMime };
    }
    default:
      return { ok: true };
  }
}
