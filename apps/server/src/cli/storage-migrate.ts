/**
 * pnpm storage:migrate [--limit N] [--concurrency N]
 * Copies every file under UPLOAD_DIR (its .tmp excluded) into the bucket named by STORAGE=s3 and the S3_*
 * variables, under the same key, so the server can switch to the bucket without losing a file. Files already in
 * the bucket with the same size are skipped, so running it again is harmless, and an interrupted run (Ctrl-C, a
 * crash, --limit) is completed by running it again. Prints copied / skipped / failed; exits 1 if any failed.
 */
import { parseArgs } from "node:util";
import { migrateUploadsToBucket } from "@studio/api/storage/migrate";
import { createS3Client } from "@studio/api/storage/s3";
import { loadStorageEnv } from "../env";

const positiveInt = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};

try {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: { limit: { type: "string" }, concurrency: { type: "string" } },
  });
  const env = loadStorageEnv();
  if (!env.s3) {
    throw new Error(
      "set STORAGE=s3 and the S3_* variables of the bucket to copy into (see .env.example and the README)",
    );
  }
  const client = createS3Client(env.s3);
  const controller = new AbortController();
  const stop = () => {
    console.log("Stopping: uploads in flight are cancelled; run again to copy the rest.");
    controller.abort();
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);

  console.log(`Copying ${env.uploadDir} into the bucket ${env.s3.bucket}…`);
  const started = Date.now();
  const summary = await migrateUploadsToBucket({
    sourceDir: env.uploadDir,
    client,
    bucket: env.s3.bucket,
    limit: positiveInt("limit", values.limit),
    concurrency: positiveInt("concurrency", values.concurrency),
    signal: controller.signal,
    onFile: ({ key, outcome, error }) => {
      if (outcome === "failed") console.error(`  failed: ${key}: ${error}`);
    },
  });
  client.destroy();
  const rest = summary.notAttempted ? `, ${summary.notAttempted} not attempted (run again to copy them)` : "";
  console.log(
    `Copied ${summary.copied}, skipped ${summary.skipped} (already in the bucket), failed ${summary.failed}${rest}` +
      ` — ${summary.total} file(s), ${Date.now() - started} ms`,
  );
  process.exitCode = summary.failed > 0 || controller.signal.aborted ? 1 : 0;
} catch (error) {
  console.error(`Storage migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
