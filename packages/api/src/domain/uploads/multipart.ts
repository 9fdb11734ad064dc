/**
 * A streaming multipart/form-data reader (RFC 7578) for forms with one file field. Bytes are pulled from a web
 * ReadableStream chunk by chunk and handed on as they arrive, so an upload never sits in memory whole and its
 * size can be enforced while it streams. A delimiter split across two chunks is found because the last
 * `delimiter.length - 1` bytes are held back until the next chunk arrives.
 */

export type MultipartFailure = "malformed" | "truncated" | "tooLarge";

export class MultipartError extends Error {
  constructor(readonly reason: MultipartFailure) {
    super(`multipart body ${reason}`);
    this.name = "MultipartError";
  }
}

export type PartHeaders = {
  /** The form field name, or null when the part has none. */
  name: string | null;
  /** The file name as the client sent it (untrusted), or null for a plain field. */
  filename: string | null;
  /** The part's declared Content-Type (untrusted), or null. */
  contentType: string | null;
};

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a `multipart/form-data` content type, or null when the type is something else. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const [type] = contentType.split(";");
  if (type?.trim().toLowerCase() !== "multipart/form-data") return null;
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^\s;"]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2] ?? null;
  // RFC 2046: 1..70 characters from a restricted set, not ending in a space.
  if (!boundary || !/^[0-9A-Za-z'()+_,\-./:=? ]{1,70}$/.test(boundary) || boundary.endsWith(" ")) return null;
  return boundary;
}

/** Value of a Content-Disposition parameter (quoted, token or RFC 5987 `name*=UTF-8''…`). */
function dispositionParam(header: string, param: string): string | null {
  const extended = new RegExp(`(?:^|;)\\s*${param}\\*\\s*=\\s*(?:UTF-8|utf-8)''([^;\\s]*)`).exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain parameter
    }
  }
  const quoted = new RegExp(`(?:^|;)\\s*${param}\\s*=\\s*"((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header);
  // Browsers send backslashes as they are (WHATWG HTML form encoding); only \" is an escape here.
  if (quoted?.[1] !== undefined) return quoted[1].replace(/\\"/g, '"');
  const token = new RegExp(`(?:^|;)\\s*${param}\\s*=\\s*([^;\\s"]+)`, "i").exec(header);
  return token?.[1] ?? null;
}

function parseHeaders(block: string): PartHeaders {
  let disposition = "";
  let contentType: string | null = null;
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === "content-disposition") disposition = value;
    else if (key === "content-type") contentType = value;
  }
  if (!/^form-data(\s*;|$)/i.test(disposition)) return { name: null, filename: null, contentType };
  const params = disposition.replace(/^form-data/i, "");
  return {
    name: dispositionParam(params, "name"),
    filename: dispositionParam(params, "filename"),
    contentType,
  };
}

export class MultipartReader {
  /** Raw bytes pulled from the body so far. */
  bytesRead = 0;
  /** Offset in the raw body where the current part's data starts. */
  partDataOffset = 0;
  private buf: Buffer;
  private readonly delimiter: Buffer;
  private sourceDone = false;
  private finished = false;
  /** True while positioned inside a part's data (or the preamble). */
  private inData = true;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    boundary: string,
    /** Upper bound on the raw body; beyond it reading stops with "tooLarge". */
    private readonly maxBodyBytes: number,
  ) {
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "latin1");
    // A leading CRLF lets the first boundary line be found like every later delimiter (RFC 2046 allows a preamble).
    this.buf = Buffer.from(CRLF);
  }

  /** Length of the closing delimiter ("\r\n--boundary--\r\n"), for estimating a file's size from Content-Length. */
  get closingLength(): number {
    return this.delimiter.length + 4;
  }

  private async pull(): Promise<boolean> {
    while (!this.sourceDone) {
      let result: Awaited<ReturnType<typeof this.reader.read>>;
      try {
        result = await this.reader.read();
      } catch {
        // The client went away or the connection broke mid-upload.
        throw new MultipartError("truncated");
      }
      const { done, value } = result;
      if (done) {
        this.sourceDone = true;
        return false;
      }
      if (!value || value.byteLength === 0) continue;
      this.bytesRead += value.byteLength;
      if (this.bytesRead > this.maxBodyBytes) throw new MultipartError("tooLarge");
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
      return true;
    }
    return false;
  }

  /**
   * Hands the current part's bytes to `onData` as they arrive, up to the next delimiter. `onData` may throw to
   * stop reading (e.g. when a size limit is passed).
   */
  async readData(onData: (chunk: Buffer) => void | Promise<void>): Promise<void> {
    if (!this.inData) throw new Error("readData called outside a part");
    const keep = this.delimiter.length - 1;
    for (;;) {
      const at = this.buf.indexOf(this.delimiter);
      if (at >= 0) {
        if (at > 0) await onData(this.buf.subarray(0, at));
        this.buf = this.buf.subarray(at + this.delimiter.length);
        this.inData = false;
        await this.afterDelimiter();
        return;
      }
      if (this.buf.length > keep) {
        const ready = this.buf.subarray(0, this.buf.length - keep);
        this.buf = this.buf.subarray(this.buf.length - keep);
        await onData(ready);
      }
      if (!(await this.pull())) throw new MultipartError("truncated");
    }
  }

  /** After a delimiter: "--" closes the body; otherwise optional padding and CRLF precede the next part. */
  private async afterDelimiter(): Promise<void> {
    while (this.buf.length < 2 && (await this.pull())) {}
    if (this.buf.length < 2) {
      // "--boundary" at the very end without "--": be lenient and treat it as the end.
      this.finished = true;
      return;
    }
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.finished = true;
      return;
    }
  }

  /**
   * Skips whatever is left of the current part (or the preamble) and reads the next part's headers;
   * null when the body has no more parts.
   */
  async nextPart(): Promise<PartHeaders | null> {
    if (this.inData) await this.readData(() => undefined);
    if (this.finished) return null;
    // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
    for (;;) {
      let i = 0;
      while (i < this.buf.length && (this.buf[i] === 0x20 || this.buf[i] === 0x09)) i++;
      if (i > 0) this.buf = this.buf.subarray(i);
      if (this.buf.length >= 2) break;
      if (!(await this.pull())) throw new MultipartError("truncated");
    }
    if (this.buf[0] !== 0x0d || this.buf[1] !== 0x0a) throw new MultipartError("malformed");
    // The header block runs from this CRLF to the blank line (an empty block is "\r\n\r\n").
    for (;;) {
      const end = this.buf.indexOf(HEADER_END);
      if (end >= 0) {
        const block = this.buf.subarray(2, Math.max(2, end)).toString("utf8");
        this.buf = this.buf.subarray(end + HEADER_END.length);
        this.partDataOffset = this.bytesRead - this.buf.length;
        this.inData = true;
        return parseHeaders(block);
      }
      if (this.buf.length > MAX_HEADER_BYTES) throw new MultipartError("malformed");
      if (!(await this.pull())) throw new MultipartError("truncated");
    }
  }
}
