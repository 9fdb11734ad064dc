import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BOUNDARY, multipartBody, streamOf } from "../../testing/upload-files";
import { boundaryOf, MultipartError, MultipartReader, type PartHeaders } from "./multipart";

async function readAll(body: Buffer, chunkSize: number, boundary = BOUNDARY, max = 10_000_000) {
  const reader = new MultipartReader(streamOf(body, chunkSize).getReader(), boundary, max);
  const parts: { headers: PartHeaders; data: Buffer }[] = [];
  for (;;) {
    const headers = await reader.nextPart();
    if (!headers) break;
    const chunks: Buffer[] = [];
    await reader.readData((chunk) => {
      chunks.push(Buffer.from(chunk));
    });
    parts.push({ headers, data: Buffer.concat(chunks) });
  }
  return parts;
}

describe("boundaryOf", () => {
  it("reads plain and quoted boundaries of multipart/form-data only", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc123")).toBe("abc123");
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
    expect(boundaryOf("application/json")).toBeNull();
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });
});

describe("MultipartReader", () => {
  const file = Buffer.from(`line one\r\n--not-the-boundary\r\n${"é".repeat(500)}\r\n-`);
  const body = multipartBody([
    { name: "note", data: "hello" },
    { name: "image", filename: "proof.txt", contentType: "text/plain", data: file },
    { name: "after", data: "tail" },
  ]);

  it("returns every part's exact bytes whatever the chunk size (delimiters split across chunks)", async () => {
    for (const size of [1, 2, 3, 7, 13, 41, 42, 43, 64, 1000, body.length]) {
      const parts = await readAll(body, size);
      expect(parts.map((p) => p.headers.name)).toEqual(["note", "image", "after"]);
      expect(parts[0]!.data.toString()).toBe("hello");
      expect(parts[1]!.data.equals(file)).toBe(true);
      expect(parts[1]!.headers).toEqual({ name: "image", filename: "proof.txt", contentType: "text/plain" });
      expect(parts[2]!.data.toString()).toBe("tail");
    }
  });

  it("keeps random binary content intact for random chunkings", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 3000 }),
        fc.integer({ min: 1, max: 500 }),
        async (bytes, size) => {
          const data = Buffer.from(bytes);
          const parts = await readAll(multipartBody([{ name: "image", filename: "x.bin", data }]), size);
          expect(parts).toHaveLength(1);
          expect(parts[0]!.data.equals(data)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("skips a preamble and reads RFC 5987 file names", async () => {
    const raw = Buffer.concat([
      Buffer.from("this is a preamble\r\n"),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="fallback.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt\r\n\r\nabc\r\n--${BOUNDARY}--`,
      ),
    ]);
    const parts = await readAll(raw, 5);
    expect(parts[0]!.headers.filename).toBe("€ rates.txt");
    expect(parts[0]!.data.toString()).toBe("abc");
  });

  it("reports a body that ends before the closing delimiter as truncated", async () => {
    const truncated = body.subarray(0, body.length - 30);
    await expect(readAll(truncated, 16)).rejects.toEqual(new MultipartError("truncated"));
  });

  it("refuses endless headers and a body over its byte limit", async () => {
    const endless = Buffer.from(`--${BOUNDARY}\r\nX-Long: ${"a".repeat(40_000)}`);
    await expect(readAll(endless, 1024)).rejects.toEqual(new MultipartError("malformed"));
    await expect(readAll(body, 16, BOUNDARY, 100)).rejects.toEqual(new MultipartError("tooLarge"));
  });

  it("turns a failing body stream into truncated", async () => {
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new Uint8Array(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"`)),
        );
        controller.error(new Error("socket hang up"));
      },
    });
    const reader = new MultipartReader(failing.getReader(), BOUNDARY, 1000);
    await expect(reader.nextPart()).rejects.toEqual(new MultipartError("truncated"));
  });
});
