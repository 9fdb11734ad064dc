/**
 * `pnpm bench:gallery`: the media pipeline's figures of issue 30, on real processes over loopback (SQLite, local
 * storage); printed, never asserted.
 *
 *  (c) upload: BENCH_GALLERY_FILES (300) files of BENCH_GALLERY_FILE_MB (10) through tus (POST, PATCH in 8 MB
 *      chunks, 3 files at a time, bodies streamed from disk): MB/s and the server's RSS growth (target ≤ 128 MB);
 *      then the resume test: half a file sent, HEAD for the offset, the rest PATCHed from there, and the bytes
 *      the client sent in total (must be the file's size, not more).
 *  (b) ZIP: BENCH_GALLERY_ZIP_MB (2048) of the stored files as one streamed STORE ZIP from a bare server around
 *      the pipeline's ZIP writer: MB/s (target ≥ 100), time to first byte (≤ 500 ms), RSS growth (≤ 64 MB).
 *  (a) processing: BENCH_GALLERY_PHOTOS (12) generated 24-megapixel JPEGs uploaded, then processed by the
 *      server's job worker (download copy, WebP + AVIF at 3 widths, ThumbHash, EXIF): photos per second, and
 *      GET /api/services latency p50/p99 sampled 20 times a second meanwhile (target p99 ≤ 50 ms).
 *
 *  (d) page: a 1,000-photo gallery on a phone, Lighthouse mobile (gallery-page.ts): LCP (≤ 1.5 s), CLS (0), DOM
 *      size; builds the web app first (BENCH_GALLERY_DIST=<dir> uses a build).
 *
 * `--quick` (or BENCH_GALLERY_QUICK=1): 30 files, a 200 MB ZIP, 3 photos, 1 Lighthouse run.
 * BENCH_GALLERY_ONLY=upload,zip,process,page.
 */
import { randomBytes } from "node:crypto";
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createDatabase, REPO_ROOT } from "@studio/db";
import { galleryPageBench } from "./gallery-page";
import { freePort, HOST, memoryKb, startBenchServer, startNode, stop, waitFor } from "./process";

const QUICK = process.argv.includes("--quick") || process.env.BENCH_GALLERY_QUICK === "1";
const FILES = Number(process.env.BENCH_GALLERY_FILES ?? (QUICK ? 30 : 300));
const FILE_BYTES = Math.round(Number(process.env.BENCH_GALLERY_FILE_MB ?? 10) * 1_000_000);
const ZIP_BYTES = Number(process.env.BENCH_GALLERY_ZIP_MB ?? (QUICK ? 200 : 2048)) * 1024 * 1024;
const PHOTOS = Number(process.env.BENCH_GALLERY_PHOTOS ?? (QUICK ? 3 : 12));
const ONLY = process.env.BENCH_GALLERY_ONLY?.split(",").map((p) => p.trim());
const wants = (part: "upload" | "zip" | "process" | "page") => !ONLY || ONLY.includes(part);
const LH_RUNS = Number(process.env.BENCH_GALLERY_LH_RUNS ?? (QUICK ? 1 : 3));
const TUS = "/api/uploads/resumable";
const MB = 1024 * 1024;

const log = (message: string) => process.stdout.write(`${message}\n`);
const fromApi = createRequire(path.join(REPO_ROOT, "packages/api/package.json"));
type SharpImage = {
  jpeg(options: object): { toBuffer(): Promise<Buffer>; toFile(file: string): Promise<unknown> };
  png(): { toBuffer(): Promise<Buffer> };
  composite(layers: object[]): SharpImage;
  resize(width: number, height: number, options: object): SharpImage;
  grayscale(): SharpImage;
  toColourspace(space: string): SharpImage;
};
type SharpFactory = (input?: unknown, options?: unknown) => SharpImage;
const sharp = fromApi("sharp") as SharpFactory;

async function ownerToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Bench Owner", email: "bench@studio.test", password: "bench-password" }),
  });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`could not register the bench owner: ${body.message}`);
  return body.token;
}

/** Samples a process's RSS every 100 ms; `stop` answers the peak (kB). */
function rssSampler(pid: number) {
  let peak = memoryKb(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memoryKb(pid).rss);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** One HTTP request with a body streamed from `file` (bytes start…end-1), answered status and headers. */
function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  file?: { path: string; start: number; end: number },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const url = new URL(target, base);
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method, headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on("error", reject);
    if (!file) req.end();
    else createReadStream(file.path, { start: file.start, end: file.end - 1 }).pipe(req);
  });
}

const meta = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");

/** tus upload of one file in 8 MB PATCHes; answers the bytes sent. */
async function tusUpload(base: string, token: string, file: string, name: string): Promise<number> {
  const size = statSync(file).size;
  const auth = { Authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0" };
  const created = await send(base, "POST", TUS, {
    ...auth,
    "Upload-Length": String(size),
    "Upload-Metadata": meta({ purpose: "portfolio_media", filename: name }),
  });
  if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
  const location = String(created.headers.location);
  let offset = 0;
  let sent = 0;
  while (offset < size) {
    const end = Math.min(size, offset + 8 * MB);
    const res = await send(
      base,
      "PATCH",
      location,
      {
        ...auth,
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(end - offset),
      },
      { path: file, start: offset, end },
    );
    sent += end - offset;
    if (res.status !== 204) throw new Error(`PATCH answered ${res.status}`);
    offset = Number(res.headers["upload-offset"]);
  }
  return sent;
}

/** A valid small JPEG followed by noise up to `bytes` (type judged by its head, like a camera file with a long tail). */
async function paddedJpeg(file: string, bytes: number): Promise<void> {
  const head = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#456" } })
    .jpeg({})
    .toBuffer();
  const fd = openSync(file, "w");
  writeSync(fd, head);
  for (let written = head.length; written < bytes; ) {
    const chunk = randomBytes(Math.min(MB, bytes - written));
    writeSync(fd, chunk);
    written += chunk.length;
  }
  closeSync(fd);
}

/** A 6000 × 4000 photo-like JPEG: a gradient scene with fine grain (compresses like a real photo, ~8–12 MB). */
async function photo24mp(file: string): Promise<void> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="6000" height="4000"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4c27a"/><stop offset="0.5" stop-color="#5b8fb9"/><stop offset="1" stop-color="#1d3557"/></linearGradient></defs><rect width="6000" height="4000" fill="url(#g)"/><circle cx="2000" cy="1500" r="900" fill="#e76f51" fill-opacity="0.6"/><circle cx="4200" cy="2600" r="1200" fill="#2a9d8f" fill-opacity="0.5"/></svg>`,
  );
  const grain = await sharp({
    create: {
      width: 6000,
      height: 4000,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 12 },
    },
  } as unknown)
    .jpeg({ quality: 90 })
    .toBuffer();
  await sharp(grain)
    .composite([{ input: svg, blend: "soft-light" }])
    .jpeg({ quality: 92 })
    .toFile(file);
}

/**
 * A 12-megapixel photo with detail at every scale (texture from coarse to fine, in brightness as a photo's
 * mostly is): its web sizes weigh what a real photo's do (AVIF at 1024 px ≈ 57 KB, 0.65 bits a pixel), where the
 * smooth scene of `photo24mp` shrinks to a few KB and would make the page look faster than a real gallery.
 */
async function detailedPhoto(file: string): Promise<void> {
  const [width, height] = [4000, 2667];
  const texture = async (w: number, h: number, sigma: number) =>
    sharp(
      await sharp({
        create: {
          width: w,
          height: h,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma },
        },
      })
        .grayscale()
        .png()
        .toBuffer(),
    )
      .resize(width, height, { kernel: "cubic" })
      .toColourspace("srgb")
      .png()
      .toBuffer();
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4c27a"/><stop offset="0.5" stop-color="#5b8fb9"/><stop offset="1" stop-color="#1d3557"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  );
  await sharp(scene)
    .composite([
      { input: await texture(60, 40, 50), blend: "soft-light" },
      { input: await texture(400, 267, 30), blend: "soft-light" },
      { input: await texture(1600, 1067, 12), blend: "soft-light" },
    ])
    .jpeg({ quality: 88 })
    .toFile(file);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), "studio-bench-gallery-"));
  const uploadDir = path.join(work, "uploads");
  const dbUrl = `file:${path.join(work, "bench.db")}`;
  log(
    `bench:gallery ${QUICK ? "(quick) " : ""}on ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  type WebBench = {
    buildWeb: (dir: string) => string;
    lighthouseRun: Parameters<typeof galleryPageBench>[0]["lighthouse"];
  };
  const web = (await import(pathToFileURL(path.join(REPO_ROOT, "scripts/bench-web.mjs")).href)) as WebBench;
  let dist = process.env.BENCH_GALLERY_DIST;
  if (wants("page") && !dist) {
    dist = path.join(work, "dist");
    log("building the web app for the page part …");
    web.buildWeb(dist);
  }
  const { server, base, pid } = await startBenchServer(dbUrl, uploadDir, {
    SEED_ON_EMPTY: "true",
    ...(dist ? { WEB_DIST: dist } : {}),
  });
  try {
    const token = await ownerToken(base);
    const database = await createDatabase(dbUrl);

    if (wants("upload") || wants("zip")) {
      const source = path.join(work, "source.jpg");
      await paddedJpeg(source, FILE_BYTES);
      log(`\n(c) upload: ${FILES} files × ${(FILE_BYTES / 1e6).toFixed(0)} MB via tus, 3 at a time`);
      const before = memoryKb(pid).rss;
      const sampler = rssSampler(pid);
      const started = performance.now();
      const queue = Array.from({ length: FILES }, (_, i) => i);
      let sent = 0;
      await Promise.all(
        [0, 1, 2].map(async () => {
          for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
            const bytes = await tusUpload(base, token, source, `IMG_${String(i).padStart(4, "0")}.jpg`);
            sent += bytes;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const peak = sampler.stop();
      log(
        `  ${(sent / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${(sent / 1e6 / seconds).toFixed(0)} MB/s`,
      );
      log(
        `  server RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB: growth ${Math.round((peak - before) / 1024)} MB (target ≤ 128)`,
      );

      // Resume: half a file, then HEAD, then the rest from the server's offset.
      const size = statSync(source).size;
      const auth = { Authorization: `Bearer ${token}`, "Tus-Resumable": "1.0.0" };
      const created = await send(base, "POST", TUS, {
        ...auth,
        "Upload-Length": String(size),
        "Upload-Metadata": meta({ purpose: "portfolio_media", filename: "resumed.jpg" }),
      });
      const location = String(created.headers.location);
      const half = Math.floor(size / 2);
      let resumeSent = 0;
      await send(
        base,
        "PATCH",
        location,
        {
          ...auth,
          "Upload-Offset": "0",
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(half),
        },
        { path: source, start: 0, end: half },
      );
      resumeSent += half;
      const head = await send(base, "HEAD", location, auth);
      const offset = Number(head.headers["upload-offset"]);
      const rest = await send(
        base,
        "PATCH",
        location,
        {
          ...auth,
          "Upload-Offset": String(offset),
          "Content-Type": "application/offset+octet-stream",
          "Content-Length": String(size - offset),
        },
        { path: source, start: offset, end: size },
      );
      resumeSent += size - offset;
      log(
        `  resume: HEAD said ${offset} of ${size} bytes; the rest answered ${rest.status} with ${rest.headers["upload-result"] ? "an Upload-Result" : "no result"}; bytes sent in all ${resumeSent} (${resumeSent === size ? "nothing sent twice" : "SENT TWICE"})`,
      );
      // Their processing jobs (a 64 × 64 picture each) are left to finish before the ZIP and processing parts.
      const deadline = Date.now() + 600_000;
      while (
        (await database.prisma.mediaAsset.count({ where: { status: { in: ["pending", "processing"] } } })) >
          0 &&
        Date.now() < deadline
      )
        await new Promise((r) => setTimeout(r, 500));
    }

    if (wants("zip")) {
      const port = await freePort();
      const zipServer = startNode("bench/gallery-zip-server.ts", {
        PORT: String(port),
        UPLOAD_DIR: uploadDir,
        ZIP_BYTES: String(ZIP_BYTES),
      });
      await waitFor(`http://${HOST}:${port}/health`, zipServer);
      try {
        log(`\n(b) ZIP of up to ${Math.round(ZIP_BYTES / MB)} MB of stored files, STORE, streamed`);
        const before = memoryKb(zipServer.pid ?? 0).rss;
        const sampler = rssSampler(zipServer.pid ?? 0);
        const started = performance.now();
        let firstByte = 0;
        let bytes = 0;
        await new Promise<void>((resolve, reject) => {
          request({ host: HOST, port, path: "/zip" }, (res) => {
            res.on("data", (chunk: Buffer) => {
              if (!firstByte) firstByte = performance.now() - started;
              bytes += chunk.length;
            });
            res.on("end", resolve);
            res.on("error", reject);
          })
            .on("error", reject)
            .end();
        });
        const seconds = (performance.now() - started) / 1000;
        const peak = sampler.stop();
        log(
          `  ${(bytes / MB).toFixed(0)} MB in ${seconds.toFixed(2)} s = ${(bytes / MB / seconds).toFixed(0)} MB/s (target ≥ 100)`,
        );
        log(`  first byte after ${firstByte.toFixed(0)} ms (target ≤ 500)`);
        log(
          `  ZIP server RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB: growth ${Math.round((peak - before) / 1024)} MB (target ≤ 64)`,
        );
      } finally {
        await stop(zipServer);
      }
    }

    if (wants("process")) {
      log(
        `\n(a) processing ${PHOTOS} photos of 24 megapixels (download copy, WebP + AVIF at 480/1024/2048, ThumbHash, EXIF)`,
      );
      const photo = path.join(work, "photo-24mp.jpg");
      await photo24mp(photo);
      log(`  each photo ${(statSync(photo).size / 1e6).toFixed(1)} MB`);
      const ready = () => database.prisma.mediaAsset.count({ where: { status: "ready" } });
      const readyBefore = await ready();
      /** GET /api/services every 50 ms until `until` resolves; answers the latencies. */
      const sampleServices = async (until: Promise<unknown>) => {
        const latencies: number[] = [];
        let sampling = true;
        void until.then(() => {
          sampling = false;
        });
        while (sampling) {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/services`);
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, 50));
        }
        return latencies;
      };
      const summary = (latencies: number[]) =>
        `${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`;
      const idle = await sampleServices(new Promise((r) => setTimeout(r, 5_000)));
      log(`  GET /api/services before, idle server (the machine's other load as it is): ${summary(idle)}`);
      const started = performance.now();
      let finished: () => void = () => undefined;
      const sampler = sampleServices(new Promise<void>((r) => (finished = r)));
      // The clock runs from the first upload: processing starts as soon as a photo is in.
      for (let i = 0; i < PHOTOS; i++) await tusUpload(base, token, photo, `DSC_${i}.jpg`);
      const deadline = Date.now() + 30 * 60_000;
      while ((await ready()) - readyBefore < PHOTOS && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      const seconds = (performance.now() - started) / 1000;
      finished();
      const latencies = await sampler;
      const failed = await database.prisma.mediaAsset.count({ where: { status: "failed" } });
      log(
        `  ${PHOTOS} photos in ${seconds.toFixed(1)} s = ${(PHOTOS / seconds).toFixed(2)} photos/s (${(seconds / PHOTOS).toFixed(1)} s each; ${failed} failed)`,
      );
      log(`  GET /api/services while processing: ${summary(latencies)} (target p99 ≤ 50)`);
    }
    if (wants("page")) {
      const photo = path.join(work, "photo-page.jpg");
      await detailedPhoto(photo);
      await galleryPageBench({
        base,
        token,
        database,
        uploadDir,
        photo,
        runs: LH_RUNS,
        log,
        lighthouse: web.lighthouseRun,
      });
    }
    await database.prisma.$disconnect();
  } finally {
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
