/**
 * A bare HTTP server for `pnpm bench:gallery`'s ZIP part: GET /zip streams every file under UPLOAD_DIR/media as
 * one STORE ZIP through the media pipeline's writer (packages/api/src/domain/media/zip.ts), reading from the disk
 * storage driver, exactly as a gallery download does minus its database read. Its own process, so its RSS is the
 * writer's alone.
 */
import { readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { storedZipEntries, streamZip } from "../packages/api/src/domain/media/zip";
import { createDiskStorage } from "../packages/api/src/storage/storage";

const root = process.env.UPLOAD_DIR ?? "";
const limitBytes = Number(process.env.ZIP_BYTES ?? Number.POSITIVE_INFINITY);
const storage = createDiskStorage(root);

function files() {
  const list: { name: string; key: string; size: number }[] = [];
  let total = 0;
  for (const name of readdirSync(path.join(root, "media")).sort()) {
    const size = statSync(path.join(root, "media", name)).size;
    if (!statSync(path.join(root, "media", name)).isFile() || total + size > limitBytes) continue;
    list.push({ name, key: `media/${name}`, size });
    total += size;
  }
  return list;
}

const server = createServer((req, res) => {
  if (req.url !== "/zip") {
    res.writeHead(req.url === "/health" ? 200 : 404).end();
    return;
  }
  res.writeHead(200, { "Content-Type": "application/zip" });
  pipeline(streamZip(storedZipEntries(storage, files())), res).catch(() => res.destroy());
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
