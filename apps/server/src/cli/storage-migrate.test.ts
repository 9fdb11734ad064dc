/**
 * `pnpm storage:migrate` as an operator runs it: a child process reading the env, copying a local UPLOAD_DIR into
 * a real S3-protocol server's bucket, printing its summary.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTestS3, type TestS3 } from "@studio/api/testing/s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("./storage-migrate.ts", import.meta.url));
const KEYS = [
  "media/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b-320.webp",
  "media/0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b.png",
  "private/3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f.pdf",
];

let s3: TestS3;
let uploadDir: string;

beforeAll(async () => {
  s3 = await startTestS3("studio-migrated");
  uploadDir = mkdtempSync(path.join(os.tmpdir(), "studio-migrate-cli-"));
  for (const key of KEYS) {
    mkdirSync(path.dirname(path.join(uploadDir, key)), { recursive: true });
    writeFileSync(path.join(uploadDir, key), `bytes of ${key}`);
  }
  mkdirSync(path.join(uploadDir, ".tmp"));
  writeFileSync(path.join(uploadDir, ".tmp", "x.upload"), "in progress");
});
afterAll(async () => {
  await s3.stop();
  rmSync(uploadDir, { recursive: true, force: true });
});

function migrate(env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const s3Env = () => ({
  UPLOAD_DIR: uploadDir,
  STORAGE: "s3",
  S3_ENDPOINT: s3.endpoint,
  S3_BUCKET: s3.bucket,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
});

describe("pnpm storage:migrate", () => {
  it("copies part of the files with --limit, completes on the next run, and copies nothing on a third", async () => {
    const partial = await migrate(s3Env(), ["--", "--limit", "1"]);
    expect(partial.stderr).not.toContain("failed:");
    expect(partial.stdout).toContain(`Copying ${uploadDir} into the bucket studio-migrated`);
    expect(partial.stdout).toMatch(
      /Copied 1, skipped 0 \(already in the bucket\), failed 0, 2 not attempted/,
    );
    expect(partial.code).toBe(0);
    expect(await s3.listKeys()).toHaveLength(1);

    const rest = await migrate(s3Env());
    expect(rest.stdout).toMatch(/Copied 2, skipped 1 \(already in the bucket\), failed 0 — 3 file\(s\)/);
    expect(rest.code).toBe(0);
    expect(await s3.listKeys()).toEqual(KEYS);
    for (const key of KEYS) expect((await s3.objectBytes(key))?.toString()).toBe(`bytes of ${key}`);

    const again = await migrate(s3Env());
    expect(again.stdout).toMatch(/Copied 0, skipped 3 \(already in the bucket\), failed 0/);
    expect(again.code).toBe(0);
  });

  it("exits 1 with a clear message when the bucket is not configured", async () => {
    const local = await migrate({ UPLOAD_DIR: uploadDir });
    expect(local.code).toBe(1);
    expect(local.stderr).toContain("Storage migration failed: set STORAGE=s3 and the S3_* variables");

    const { S3_BUCKET: _, ...noBucket } = s3Env();
    const missing = await migrate(noBucket);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("S3_BUCKET: required when STORAGE=s3");
  });

  it("exits 1 and names the files it could not copy", async () => {
    const failing = await migrate({ ...s3Env(), S3_BUCKET: "no-such-bucket" });
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/Copied 0, skipped 0 \(already in the bucket\), failed 3/);
    for (const key of KEYS) expect(failing.stderr).toContain(`failed: ${key}:`);
  });
});
