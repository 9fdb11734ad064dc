/**
 * A browser keeps its connection to the site open (HTTP/1.1 keep-alive) and reuses it for the next request.
 * When the server refuses an upload before it has read the whole body (wrong type seen in the first bytes,
 * size limit passed while streaming, storage full), the refusal must reach the uploader AND the connection
 * must stay usable — or be closed cleanly — so the visitor's next request (picking another file, submitting
 * the booking) does not fail with a network error.
 * The server reads and discards what is left of a refused body after answering (apps/server/src/listen.ts), so
 * the refusal always arrives: no connection reset, whatever the timing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScenarioDb,
  delay,
  networkErrorCode,
  type ScenarioDb,
  type ServerHandle,
  startServer,
} from "./support";

let db: ScenarioDb;
let server: ServerHandle;

beforeAll(async () => {
  db = await createScenarioDb("sqlite", "upload-conn");
  server = await startServer({ db });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

/** An upload through fetch (one keep-alive connection pool per origin, as in a browser). */
async function upload(file: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append("image", new Blob([file], { type }), name);
  try {
    const res = await fetch(`${server.base}/api/upload/image`, { method: "POST", body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  } catch (error) {
    return { status: 0, body: { network: networkErrorCode(error) } };
  }
}

function pdf(size: number): Uint8Array {
  const out = new Uint8Array(size).fill(0x20);
  out.set(new TextEncoder().encode("%PDF-1.4\n"), 0);
  out.set(new TextEncoder().encode("\n%%EOF\n"), size - 7);
  return out;
}

/** A 2 MB Windows executable named like an image: refused from its first bytes, long before its end. */
function exeNamedPng(): Uint8Array {
  const out = new Uint8Array(2 * 1024 * 1024);
  out.set(new TextEncoder().encode("MZ\x90\x00\x03\x00\x00\x00"), 0);
  return out;
}

describe("a refused upload on a reused connection", () => {
  it("the refusal arrives every time (20 refused uploads in a row)", async () => {
    for (let i = 0; i < 20; i++) {
      const refused = await upload(exeNamedPng(), `holiday-${i}.png`, "image/png");
      expect({ i, status: refused.status }).toEqual({ i, status: 415 });
    }
  });

  it("reaches the uploader and leaves the next requests working", async () => {
    // Warm the pool so the refused upload and what follows share one keep-alive connection.
    expect((await fetch(`${server.base}/health`)).status).toBe(200);
    const refused = await upload(exeNamedPng(), "holiday.png", "image/png");
    expect(refused.status).toBe(415);
    expect(String(refused.body.message)).toContain("is not supported");

    const after: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Spread over more than a second: a delayed clean-up of the refused request must not cut these.
      const res = await upload(pdf(1024 * 1024), `proof-${i}.pdf`, "application/pdf");
      after.push(res.status);
      await delay(300);
    }
    expect(after).toEqual([201, 201, 201, 201]);
  });

  it("also after a 413 decided while the file was streaming", async () => {
    const big = pdf(11 * 1024 * 1024);
    const refused = await upload(big, "too-big.pdf", "application/pdf");
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ success: false });
    expect(String(refused.body.message)).toMatch(/exceeds the maximum limit of 10MB/);
    const after: number[] = [];
    for (let i = 0; i < 4; i++) {
      after.push((await upload(pdf(512 * 1024), `proof-${i}.pdf`, "application/pdf")).status);
      await delay(300);
    }
    expect(after).toEqual([201, 201, 201, 201]);
  });
});
