/**
 * `pnpm bench:gallery`'s page part (issue 30): a 1,000-photo gallery opened on a phone, measured by Lighthouse
 * (mobile preset: simulated slow 4G and a 4× slower CPU, Debian's chromium), median of BENCH_GALLERY_LH_RUNS (3):
 * LCP (target ≤ 1.5 s), CLS (target 0) and the DOM's size (the grid is paginated, 60 cells a page).
 *
 * One real photo goes through the admin upload and the media pipeline (the server's job worker: AVIF/WebP at
 * 480/1024/2048, ThumbHash, download copy); the first page's 60 items get their own copies of its files (so the
 * browser downloads 60 different pictures, as in a real gallery), the other 940 rows share them.
 */
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { enqueueMediaProcessing } from "@studio/api";
import type { Database } from "@studio/db";

type Lighthouse = (
  url: string,
  formFactor: "mobile" | "desktop",
) => Promise<{
  lcp: number;
  cls: number;
  domSize: number;
  performance: number;
  tbt: number;
}>;

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? (sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN) : Number.NaN;
};

export async function galleryPageBench(options: {
  base: string;
  token: string;
  database: Database;
  uploadDir: string;
  photo: string;
  runs: number;
  log: (message: string) => void;
  lighthouse: Lighthouse;
}): Promise<void> {
  const { base, token, database, uploadDir, log } = options;
  const db = database.prisma;
  const auth = { Authorization: `Bearer ${token}` };
  log(`\n(d) a 1,000-photo gallery on a phone (Lighthouse mobile, median of ${options.runs})`);

  // One real photo through the admin upload, processed by the server's job worker.
  const form = new FormData();
  const { readFileSync } = await import("node:fs");
  form.append("image", new Blob([readFileSync(options.photo)], { type: "image/jpeg" }), "DSC_0001.jpg");
  const uploaded = await fetch(`${base}/api/galleries/upload-media`, {
    method: "POST",
    headers: auth,
    body: form,
  });
  if (uploaded.status !== 201) throw new Error(`gallery upload answered ${uploaded.status}`);
  const uploadId = /([0-9a-f-]{36})\.jpg/.exec(((await uploaded.json()) as { url: string }).url)?.[1];
  if (!uploadId) throw new Error("no upload id");
  await enqueueMediaProcessing(db, { uploadId });
  const deadline = Date.now() + 300_000;
  for (;;) {
    const asset = await db.mediaAsset.findUnique({ where: { uploadId } });
    if (asset?.status === "ready") break;
    if (asset?.status === "failed" || Date.now() > deadline)
      throw new Error(`processing: ${asset?.status} ${asset?.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  const trpc = async (name: string, input: unknown, method: "GET" | "POST") => {
    const res =
      method === "POST"
        ? await fetch(`${base}/trpc/${name}`, {
            method,
            headers: { ...auth, "Content-Type": "application/json" },
            body: JSON.stringify(input),
          })
        : await fetch(`${base}/trpc/${name}?input=${encodeURIComponent(JSON.stringify(input))}`, {
            headers: auth,
          });
    const body = (await res.json()) as { result?: { data: unknown }; error?: unknown };
    if (!body.result) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
    return body.result.data as Record<string, unknown>;
  };
  const { id } = (await trpc("galleries.create", { title: "Thousand photos" }, "POST")) as { id: number };

  const real = await db.upload.findUniqueOrThrow({ where: { id: uploadId }, include: { media: true } });
  const media = real.media!;
  const set = await db.gallerySet.findFirstOrThrow({ where: { galleryId: id } });
  const ids = [uploadId];
  for (let i = 1; i < 1000; i++) {
    const newId = randomUUID();
    ids.push(newId);
    let variants = media.variants;
    if (i < 60) {
      // Its own files: the same bytes under the new upload's folder.
      const from = path.join(uploadDir, "private", uploadId);
      const to = path.join(uploadDir, "private", newId);
      if (existsSync(from)) cpSync(from, to, { recursive: true });
      variants = JSON.parse(
        JSON.stringify(media.variants).replaceAll(`private/${uploadId}/`, `private/${newId}/`),
      );
    }
    await db.upload.create({
      data: {
        id: newId,
        purpose: real.purpose,
        kind: real.kind,
        mimeType: real.mimeType,
        extension: real.extension,
        size: real.size,
        originalName: `DSC_${String(i + 1).padStart(4, "0")}.jpg`,
        storageKey: real.storageKey,
        attachedAt: new Date(),
        media: {
          create: {
            status: "ready",
            progress: 100,
            width: media.width,
            height: media.height,
            placeholder: media.placeholder,
            variants: variants ?? undefined,
          },
        },
      },
    });
  }
  await db.galleryItem.createMany({
    data: ids.map((uploadId, position) => ({ galleryId: id, setId: set.id, uploadId, position })),
  });
  await db.upload.update({ where: { id: uploadId }, data: { attachedAt: new Date() } });
  // The first photo is the cover, as the back office makes it.
  const first = await db.galleryItem.findFirstOrThrow({
    where: { galleryId: id },
    orderBy: { position: "asc" },
  });
  await db.gallery.update({ where: { id }, data: { coverItemId: first.id } });
  const detail = (await trpc("galleries.get", { id }, "GET")) as { url: string };
  const url = `${base}${new URL(detail.url).pathname}`;

  const runs = [];
  for (let i = 0; i < options.runs; i++) runs.push(await options.lighthouse(url, "mobile"));
  const lcp = median(runs.map((r) => r.lcp));
  const cls = median(runs.map((r) => r.cls));
  const dom = median(runs.map((r) => r.domSize));
  log(
    `  LCP ${(lcp / 1000).toFixed(2)} s (target ≤ 1.5), CLS ${cls.toFixed(3)} (target 0), DOM ${dom} elements, Performance ${median(runs.map((r) => r.performance))}, TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms`,
  );
  log(
    `  each run: ${runs.map((r) => `LCP ${(r.lcp / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}`).join("; ")}`,
  );
  // What the page's largest picture weighs (a phone shows the 1024 px one).
  const folder = path.join(uploadDir, "private", uploadId);
  const weights = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith(".avif"))
        .sort((a, b) => Number.parseInt(a.slice(1), 10) - Number.parseInt(b.slice(1), 10))
        .map((f) => `${f} ${(statSync(path.join(folder, f)).size / 1024).toFixed(0)} KB`)
    : [];
  log(`  the cover's AVIF files: ${weights.join(", ") || "?"}`);
}
