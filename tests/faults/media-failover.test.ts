/**
 * A photo's processing job started on one instance, which dies in the middle (SIGKILL), is finished by another
 * instance on the same PostgreSQL and upload folder once the dead one's lease has run out (MEDIA_JOB_LEASE_MS,
 * short here): the durable job (ADR 013, ADR 021) is neither lost nor run twice at once, and every variant it
 * lists is on disk.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noisyJpeg } from "../../packages/api/src/testing/upload-files";
import {
  createScenarioDb,
  delay,
  ownerToken,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  waitUntil,
} from "./support";

const LEASE_MS = 4_000;
const env = { MEDIA_JOB_LEASE_MS: String(LEASE_MS) };

/** About 8.5 MB of noise (the most an image may weigh is 10 MB): a few seconds of variants to make. */
const bigPhoto = () => noisyJpeg(3400, 2500);

const b64 = (text: string) => Buffer.from(text).toString("base64");

/** One tus upload in two requests (creation, then every byte): answers the Upload-Result ids. */
async function tusUpload(base: string, token: string, bytes: Buffer): Promise<{ uploadId: string }> {
  const auth = { Authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0" };
  const created = await fetch(`${base}/api/uploads/resumable`, {
    method: "POST",
    headers: {
      ...auth,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `purpose ${b64("portfolio_media")},filename ${b64("ceremony-001.jpg")}`,
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get("location")!, base).toString();
  const patched = await fetch(location, {
    method: "PATCH",
    headers: { ...auth, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
  expect(patched.status, await patched.clone().text()).toBe(204);
  const result = patched.headers.get("upload-result");
  expect(result).toMatch(/^[0-9a-f-]{36},\d+$/);
  return { uploadId: result!.split(",")[0]! };
}

type JobRow = { status: string; attempts: number; claimToken: string | null };
type AssetRow = { status: string; progress: number; variants: unknown };

let db: ScenarioDb;
let a: ServerHandle | undefined;
let b: ServerHandle | undefined;

beforeAll(async () => {
  db = await createScenarioDb("postgresql", "media-failover");
  a = await startServer({ db, env });
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

describe("a media job on two instances", () => {
  it("started on A, A killed half-way: B finishes it once A's lease has run out", async () => {
    const token = await ownerToken(a!.base);
    const { uploadId } = await tusUpload(a!.base, token, await bigPhoto());
    const job = async () =>
      (
        await db.query<JobRow>(
          `SELECT status, attempts, "claimToken" FROM "Job" WHERE kind = 'media.process' AND key = 'media:${uploadId}'`,
        )
      )[0];
    const asset = async () =>
      (
        await db.query<AssetRow>(
          `SELECT status, progress, variants FROM "MediaAsset" WHERE "uploadId" = '${uploadId}'`,
        )
      )[0];

    // A claims the job and starts making the variants: it dies there.
    await waitUntil(
      "A is processing the photo",
      async () => {
        const row = await asset();
        return row?.status === "processing" && row.progress > 0 && row.progress < 100 ? row : null;
      },
      60_000,
      10,
    );
    a!.signal("SIGKILL");
    await a!.exited;
    const orphaned = await job();
    expect(orphaned).toMatchObject({ status: "running", attempts: 1 });
    const deadClaim = orphaned!.claimToken;
    expect(deadClaim).toBeTruthy();
    expect((await asset())?.status).toBe("processing");

    // B starts on the same database and upload folder; it takes the job over once the lease has run out.
    b = await startServer({ db, env });
    const done = await waitUntil(
      "B has finished the photo",
      async () => {
        const row = await asset();
        return row?.status === "ready" ? row : null;
      },
      90_000,
      200,
    );
    // The asset is ready a moment before the worker records the job as done.
    const finished = await waitUntil("the job is done", async () => {
      const row = await job();
      return row?.status === "done" ? row : null;
    });
    expect(finished).toMatchObject({ status: "done", attempts: 2 });

    const variants = (typeof done.variants === "string" ? JSON.parse(done.variants) : done.variants) as {
      role: string;
      format: string;
      key: string;
      size: number;
    }[];
    // A download copy and WebP + AVIF at three widths, each on disk at the size the row says.
    expect(
      variants
        .filter((v) => v.role === "web")
        .map((v) => v.format)
        .sort(),
    ).toEqual(["avif", "avif", "avif", "webp", "webp", "webp"]);
    expect(variants.some((v) => v.role === "download")).toBe(true);
    for (const variant of variants) {
      const file = path.join(db.dataDir, "uploads", variant.key);
      expect(existsSync(file), variant.key).toBe(true);
      expect(statSync(file).size).toBe(variant.size);
    }
    // Nothing else ran it afterwards, and B reported no error.
    await delay(LEASE_MS);
    expect(await job()).toMatchObject({ status: "done", attempts: 2 });
    expect(b.output()).not.toMatch(/"level":"error"/);
  });
});
