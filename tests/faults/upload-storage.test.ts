/**
 * Upload storage unwritable or full (root-proof simulations):
 * - unwritable: UPLOAD_DIR lies under a regular FILE, so every mkdir fails with ENOTDIR — root included;
 * - full: the running server's RLIMIT_FSIZE is lowered with prlimit, so any write past the limit fails with
 *   EFBIG halfway through a file, like a disk that fills up mid-upload (the database is PostgreSQL here, so
 *   the limit hits only upload files).
 * In both cases the uploader gets a clear JSON error, no partial file stays behind, no Upload row is written,
 * and no booking can point at a file that is not stored. Once storage works again, uploads do too.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@studio/validators";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bookingBody,
  createScenarioDb,
  firstServiceId,
  http,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  uploadOnFreshConnection,
} from "./support";

const storageDown = { success: false, message: MESSAGES.upload.storageUnavailable };

/** A minimal PDF of `size` bytes (the type is decided by its bytes: "%PDF-"). */
function pdf(size: number): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog >> endobj\n",
    "latin1",
  );
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
}

const upload = (base: string, file: Buffer, name: string, type: string) =>
  uploadOnFreshConnection(base, "/api/upload/image", file, name, type);

/** Every regular file under `dir` (recursively), relative paths. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) =>
    statSync(path.join(dir, f)).isFile(),
  );
}

async function expectNoDanglingProofs(db: ScenarioDb, uploadDir: string) {
  const rows = await db.query<{ id: number; image: string | null }>(
    `SELECT id, image FROM "Booking" WHERE image IS NOT NULL`,
  );
  for (const row of rows) {
    const key = row.image!.replace(/^\/uploads\//, "").replace(/\?.*$/, "");
    expect({ booking: row.id, stored: existsSync(path.join(uploadDir, key)) }).toEqual({
      booking: row.id,
      stored: true,
    });
  }
}

describe("upload directory unwritable (under a regular file)", () => {
  let db: ScenarioDb;
  let server: ServerHandle;
  let uploadDir: string;

  beforeAll(async () => {
    db = await createScenarioDb("sqlite", "upload-unwritable");
    const blocker = path.join(db.dataDir, "not-a-directory");
    writeFileSync(blocker, "a regular file where the upload directory should be");
    uploadDir = path.join(blocker, "uploads");
    server = await startServer({ db, env: { UPLOAD_DIR: uploadDir } });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("tells the uploader clearly, with 503 and no internals", async () => {
    const res = await upload(server.base, pdf(20_000), "proof.pdf", "application/pdf");
    expect(res.status).toBe(503);
    expect(res.body).toEqual(storageDown);
    expect(res.text).not.toMatch(/ENOTDIR|EACCES|\/tmp|stack/i);
    expect(await db.query(`SELECT id FROM "Upload"`)).toEqual([]);
  });

  it("refuses a booking that points at a file the server never stored", async () => {
    const serviceId = await firstServiceId(db);
    const res = await http(server.base, "POST", "/api/bookings", {
      body: bookingBody(0, serviceId, {
        image: "/uploads/private/0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b.pdf",
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.booking.proofInvalid });
    expect(await db.query(`SELECT id FROM "Booking"`)).toEqual([]);
  });

  it("keeps serving everything else", async () => {
    expect((await http(server.base, "GET", "/health")).status).toBe(200);
    const serviceId = await firstServiceId(db);
    const res = await http(server.base, "POST", "/api/bookings", { body: bookingBody(1, serviceId) });
    expect(res.status).toBe(201);
  });
});

describe("upload storage full mid-write (RLIMIT_FSIZE on the running server)", () => {
  let db: ScenarioDb;
  let server: ServerHandle;
  let uploadDir: string;
  const LIMIT = 256 * 1024;

  const setFileSizeLimit = (soft: number | "unlimited") => {
    const r = spawnSync("prlimit", ["--pid", String(server.proc.pid), `--fsize=${soft}:unlimited`], {
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`prlimit failed: ${r.error?.message ?? r.stderr}`);
  };

  beforeAll(async () => {
    db = await createScenarioDb("postgresql", "upload-full");
    uploadDir = path.join(db.dataDir, "uploads");
    server = await startServer({ db });
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });

  it("answers 503 with a clear message when the disk fills up during the upload, leaving no partial file", async () => {
    setFileSizeLimit(LIMIT);
    const res = await upload(server.base, pdf(640 * 1024), "big-proof.pdf", "application/pdf");
    expect(res.status).toBe(503);
    expect(res.body).toEqual(storageDown);
    expect(res.text).not.toMatch(/EFBIG|ENOSPC|stack/i);
    expect(filesUnder(uploadDir)).toEqual([]);
    expect(await db.query(`SELECT id FROM "Upload"`)).toEqual([]);
    // The process survived (Node ignores SIGXFSZ; the write simply failed).
    expect(server.proc.exitCode).toBeNull();
  });

  it("still accepts a file that fits while space is short", async () => {
    const res = await upload(server.base, pdf(50_000), "small.pdf", "application/pdf");
    expect(res.status).toBe(201);
    expect(filesUnder(uploadDir).filter((f) => !f.startsWith(".tmp"))).toHaveLength(1);
  });

  it("works again once space is back, and the booking's proof file exists", async () => {
    setFileSizeLimit("unlimited");
    const res = await upload(server.base, pdf(2 * 1024 * 1024), "big-proof.pdf", "application/pdf");
    expect(res.status).toBe(201);
    const url = res.body.url as string;
    const serviceId = await firstServiceId(db);
    const booking = await http(server.base, "POST", "/api/bookings", {
      body: bookingBody(2, serviceId, { image: url }),
    });
    expect(booking.status).toBe(201);
    await expectNoDanglingProofs(db, uploadDir);
    expect(filesUnder(path.join(uploadDir, ".tmp"))).toEqual([]);
  });
});
