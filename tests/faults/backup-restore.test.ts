/**
 * `pnpm db:backup` while the server runs and keeps writing, then `pnpm db:restore`: the copy is consistent
 * (integrity check, every write acknowledged before the backup began is in it, every row in it is whole), a
 * restore refuses to overwrite without --force, and the restored database serves the backed-up data.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScenarioDb,
  http,
  PROVIDERS,
  REPO_ROOT,
  type ScenarioDb,
  type ServerHandle,
  startServer,
  waitUntil,
} from "./support";

function cli(
  script: "backup" | "restore",
  args: string[],
  databaseUrl: string,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `packages/db/src/cli/${script}.ts`, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.on("close", (code) => resolve({ code: code ?? 1, out }));
  });
}

describe.each(PROVIDERS)("backup and restore while the server runs on %s", (provider) => {
  let db: ScenarioDb;
  let copy: ScenarioDb;
  let server: ServerHandle;
  let file: string;
  const ackedBeforeBackup = new Set<string>();
  const submitted = new Set<string>();
  /** Feedback rows the backup reported for its snapshot. */
  let reportedFeedback = -1;

  beforeAll(async () => {
    db = await createScenarioDb(provider, "backup");
    copy = await createScenarioDb(provider, "restored");
    server = await startServer({ db });
    file = path.join(db.dataDir, provider === "sqlite" ? "backup.db" : "backup.dump");
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    await copy?.drop();
  });

  it("copies a consistent snapshot while writes keep coming", async () => {
    let running = true;
    let backupStarted = false;
    let n = 0;
    const acked: string[] = [];
    const writers = Array.from({ length: 4 }, async () => {
      while (running) {
        const name = `backup-${n++}`;
        submitted.add(name);
        const before = !backupStarted;
        const res = await http(server.base, "POST", "/api/feedback", {
          body: {
            name,
            email: "backup@faults.test",
            rating: 3,
            message: `row ${name}`,
            service_category: "",
          },
        });
        expect(res.status).toBe(201);
        acked.push(name);
        if (before && !backupStarted) ackedBeforeBackup.add(name);
      }
    });
    await waitUntil("some writes before the backup", async () => acked.length >= 30);
    backupStarted = true;
    const result = await cli("backup", ["--out", file], db.url);
    const afterBackup = acked.length;
    await waitUntil("writes continuing after the backup", async () => acked.length >= afterBackup + 10);
    running = false;
    await Promise.all(writers);

    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(new RegExp(`Backed up ${provider} to .*${path.basename(file)}`));
    reportedFeedback = Number(/Feedback (\d+)/.exec(result.out)?.[1] ?? -1);
    console.info(`[faults] ${provider} backup under load: ${result.out.trim().replace(/\n/g, " | ")}`);
  });

  it("restores the copy into an empty database: every pre-backup write is there, whole", async () => {
    const restored = await cli("restore", [file], copy.url);
    expect(restored.code, restored.out).toBe(0);
    const rows = await copy.query<{ name: string; email: string; rating: number; message: string }>(
      `SELECT name, email, rating, message FROM "Feedback" WHERE email = 'backup@faults.test'`,
    );
    const names = new Set(rows.map((r) => r.name));
    // Exactly the snapshot the backup reported.
    const all = await copy.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM "Feedback"`);
    expect(Number(all[0]!.n)).toBe(reportedFeedback);
    for (const name of ackedBeforeBackup) expect(names.has(name), name).toBe(true);
    for (const row of rows) {
      expect(submitted.has(row.name)).toBe(true);
      expect(row).toEqual({
        name: row.name,
        email: "backup@faults.test",
        rating: 3,
        message: `row ${row.name}`,
      });
    }
    // A snapshot, not the live table: the writes that continued after the backup are not in it.
    const live = await db.query<{ n: number | string }>(
      `SELECT COUNT(*) AS n FROM "Feedback" WHERE email = 'backup@faults.test'`,
    );
    expect(rows.length).toBeLessThan(Number(live[0]!.n));
    if (provider === "sqlite") {
      expect(await copy.query(`PRAGMA integrity_check`)).toEqual([{ integrity_check: "ok" }]);
    }
    // The restored database carries the migration history, so the server starts on it as it is.
    const migrations = await copy.query(`SELECT migration_name FROM "_prisma_migrations"`);
    expect(migrations.length).toBeGreaterThan(0);
  });

  it("refuses to overwrite the live database without --force, then restores it with --force", async () => {
    const marker = await http(server.base, "POST", "/api/feedback", {
      body: {
        name: "after-backup-marker",
        email: "marker@faults.test",
        rating: 5,
        message: "x",
        service_category: "",
      },
    });
    expect(marker.status).toBe(201);
    server.signal("SIGTERM");
    expect(await server.exited).toBe(0);

    const refused = await cli("restore", [file], db.url);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("--force");
    expect(await db.query(`SELECT id FROM "Feedback" WHERE email = 'marker@faults.test'`)).toHaveLength(1);

    const forced = await cli("restore", [file, "--force"], db.url);
    expect(forced.code, forced.out).toBe(0);
    server = await startServer({ db });
    const approved = await http(server.base, "GET", "/api/feedback/approved?limit=10");
    expect(approved.status).toBe(200);
    expect(await db.query(`SELECT id FROM "Feedback" WHERE email = 'marker@faults.test'`)).toEqual([]);
    const back = await db.query(`SELECT name FROM "Feedback" WHERE email = 'backup@faults.test'`);
    expect(back.length).toBeGreaterThanOrEqual(ackedBeforeBackup.size);
    // And the server writes on the restored database.
    const again = await http(server.base, "POST", "/api/feedback", {
      body: {
        name: "after-restore",
        email: "marker@faults.test",
        rating: 5,
        message: "y",
        service_category: "",
      },
    });
    expect(again.status).toBe(201);
  });
});
