/**
 * A purpose's own hooks around a resumable upload (what a gallery plugs in): its check of the metadata at
 * creation, and its work in the transaction that records the file, whose refusal leaves nothing behind.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Authenticated } from "../../auth/principal";
import { AppError } from "../../errors";
import { createHarness, type Harness } from "../../testing/harness";
import { noisyJpeg } from "../../testing/upload-files";
import { createResumableUploads, type ResumableUploads } from "./resumable";

let h: Harness;
let uploads: ResumableUploads;
const seen: string[] = [];
const BASE = "http://studio.test/api/uploads/resumable";
/** The admin the route authenticated (the hooks are handed it). */
const CALLER: Authenticated = {
  user: { id: 1, name: "Studio Owner", email: "owner@studio.test", role: "owner" },
  session: { id: "session-1", expiresAt: new Date(8.64e15) },
  apiKey: null,
};

beforeAll(async () => {
  h = await createHarness();
  uploads = await createResumableUploads(h.deps, {
    path: "/api/uploads/resumable",
    purposes: {
      portfolio_media: {
        kinds: ["image"],
        visibility: "private",
        validate: async (metadata) => (metadata.album === "closed" ? "This album is closed." : null),
        processing: async (metadata) => ({ watermark: metadata.album ?? null, keepLocation: false }),
        onAccepted: async (tx, accepted) => {
          if (accepted.metadata.album === "refuse-late")
            throw new AppError("CONFLICT", "The album was closed meanwhile.");
          seen.push(`${accepted.kind}:${accepted.metadata.album}`);
          await tx.upload.update({ where: { id: accepted.uploadId }, data: { attachedAt: new Date() } });
        },
      },
    },
  });
});
afterAll(() => h.close());

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

async function send(bytes: Buffer, fields: Record<string, string>) {
  const created = await uploads.handle(
    new Request(BASE, {
      method: "POST",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Length": String(bytes.length),
        "Upload-Metadata": meta(fields),
      },
    }),
    CALLER,
  );
  if (created.status !== 201) return created;
  return uploads.handle(
    new Request(new URL(created.headers.get("location") ?? "", BASE), {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: new Uint8Array(bytes),
    }),
    CALLER,
  );
}

describe("a purpose's hooks", () => {
  it("refuses at creation what the purpose's check refuses", async () => {
    const refused = await send(await noisyJpeg(100, 100), { purpose: "portfolio_media", album: "closed" });
    expect(refused.status).toBe(400);
    expect(JSON.parse(await refused.text()).message).toBe("This album is closed.");
  });

  it("records the file with the purpose's own work in the same transaction, and its processing choices", async () => {
    const done = await send(await noisyJpeg(200, 100), { purpose: "portfolio_media", album: "Wedding" });
    expect(done.status).toBe(204);
    const [uploadId] = (done.headers.get("upload-result") ?? "").split(",");
    const upload = await h.deps.db.upload.findUniqueOrThrow({ where: { id: uploadId } });
    expect(upload.attachedAt).not.toBeNull();
    expect(upload.storageKey).toBe(`private/${uploadId}.jpg`);
    expect(seen).toEqual(["image:Wedding"]);
    const job = await h.deps.db.job.findFirstOrThrow({ where: { key: `media:${uploadId}` } });
    expect(job.payload).toEqual({ uploadId, watermark: "Wedding", keepLocation: false });
  });

  it("a refusal from the purpose's work rolls everything back and keeps no file", async () => {
    const before = await Promise.all([
      h.deps.db.upload.count(),
      h.deps.db.mediaAsset.count(),
      h.deps.db.job.count(),
    ]);
    const refused = await send(await noisyJpeg(200, 100), {
      purpose: "portfolio_media",
      album: "refuse-late",
    });
    expect(refused.status).toBe(409);
    expect(JSON.parse(await refused.text()).message).toBe("The album was closed meanwhile.");
    expect(
      await Promise.all([h.deps.db.upload.count(), h.deps.db.mediaAsset.count(), h.deps.db.job.count()]),
    ).toEqual(before);
    const privateFiles = await readdir(path.join(h.uploadDir, "private")).catch(() => []);
    expect(privateFiles.filter((f) => f.endsWith(".jpg"))).toHaveLength(1); // the Wedding photo only
    expect(await readdir(path.join(h.uploadDir, ".tmp", "tus"))).toEqual([]);
  });
});
