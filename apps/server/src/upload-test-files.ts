/**
 * Small real files and multipart helpers for the server's upload tests (the server has no image library, so the
 * PNG is written by hand).
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hugeUploadStream, rgbPng } from "@studio/api/testing/uploads";
import { listen as listenLikeProduction, type ServerLimits } from "./listen";

/** An RGB PNG of the given size with a simple gradient. */
export function pngFile(width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x * 255) / width;
      raw[row + 2 + x * 3] = (y * 255) / height;
      raw[row + 3 + x * 3] = 128;
    }
  }
  return rgbPng(width, height, raw);
}

export const PDF_FILE = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
export const TXT_FILE = Buffer.from("Call me after 5pm.\nThanks!\n");
export const HTML_FILE = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
export const SVG_FILE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
);

/** An ISO-BMFF (MP4) header padded to `size` bytes. */
export function mp4File(size = 4096): Buffer {
  const head = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypisom"),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from("isomiso2"),
  ]);
  const body = Buffer.alloc(Math.max(0, size - head.length));
  for (let i = 0; i < body.length; i++) body[i] = i % 251;
  return Buffer.concat([head, body]);
}

/** multipart/form-data with one "image" file field, as a browser's FormData sends it. */
export function fileForm(data: Buffer, filename: string, type = "application/octet-stream"): FormData {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

export const BOUNDARY = "----studio-server-test-boundary";

/** A multipart body streamed in chunks (the file part padded with spaces after `head`); see hugeUploadStream. */
export function streamingForm(head: Buffer, fileSize: number, filename: string) {
  return hugeUploadStream(head, fileSize, filename, "application/octet-stream", 0x20, BOUNDARY);
}

/** Serves `fetch` on a free loopback port through the production server set-up (timeouts, draining). */
export async function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  limits?: ServerLimits,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = listenLikeProduction(fetch, { hostname: "127.0.0.1", port: 0, limits }) as Server;
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
