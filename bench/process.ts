/** Server processes of the benchmarks and probes: ports, start-up, stop, and /proc readings. */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { REPO_ROOT } from "@studio/db";

export const HOST = "127.0.0.1";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Node with tsx as a loader: one process, so its pid is the server's (for /proc/<pid>/status). */
export function startNode(
  script: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): ChildProcess {
  return spawnNode([...nodeFlags, "--import", "tsx", script], env);
}

function spawnNode(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

let serverBuilt = false;

/**
 * The Studio server as production runs it (`pnpm start`: the bundle apps/server/dist/main.js under plain `node`),
 * built from the current sources the first time a benchmark asks for it, so the figures are those of what ships
 * rather than of the development loader (tsx transforms every module and wraps its functions in name helpers).
 */
export function startStudioServer(env: Record<string, string>, nodeFlags: string[] = []): ChildProcess {
  if (!serverBuilt) {
    execSync(`"${process.execPath}" apps/server/scripts/build.mjs`, { cwd: REPO_ROOT, stdio: "ignore" });
    serverBuilt = true;
  }
  return spawnNode([...nodeFlags, "apps/server/dist/main.js"], env);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

export function memoryKb(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: field("VmRSS"), hwm: field("VmHWM") };
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execSync("getconf CLK_TCK", { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) the process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of /proc/<pid>/stat (utime, stime); the slice starts at field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resets the peak-RSS counter (VmHWM) so the next reading is the peak of what follows; false if refused. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU time of the whole machine so far (every core, from /proc/stat), in ms: busy and in total. */
export function machineCpuMs(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0]!;
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  // idle and iowait are the 4th and 5th fields.
  const busy = total - ticks[3]! - ticks[4]!;
  return { busy: (busy * 1000) / CLOCK_TICKS, total: (total * 1000) / CLOCK_TICKS };
}

/** Pids of the running processes whose command line (as `ps` shows it) passes `test`. */
export function pidsWhere(test: (commandLine: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const commandLine = readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim();
      if (test(commandLine)) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

/**
 * CPU time of a changing set of processes (backends come and go) since this call: the returned function reads
 * it, in ms.
 */
export function groupCpuMeter(list: () => number[]): () => number {
  const start = new Map(list().map((pid) => [pid, cpuMsIfAlive(pid)]));
  return () => list().reduce((sum, pid) => sum + cpuMsIfAlive(pid) - (start.get(pid) ?? 0), 0);
}

/**
 * PostgreSQL's processes working for one database: its backends, and the server's WAL writer, checkpointer and
 * background writer (shared with any other database, idle here otherwise).
 */
export function postgresPidsOf(database: string): () => number[] {
  return () =>
    pidsWhere(
      (cmd) =>
        cmd.startsWith("postgres: ") &&
        (cmd.includes(` ${database} `) || /(walwriter|checkpointer|background writer)$/.test(cmd)),
    );
}

/** cpuMs() of a process that may have ended (0 then). */
export function cpuMsIfAlive(pid: number): number {
  try {
    return cpuMs(pid);
  } catch {
    return 0;
  }
}

/** A fresh PostgreSQL database on the server of `baseUrl`: its URL, and `drop` to remove it. */
export async function createTempPostgres(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const fromDb = createRequire(path.join(REPO_ROOT, "packages/db/package.json"));
  type PgClient = { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> };
  const pg = fromDb("pg") as { Client: new (options: { connectionString: string }) => PgClient };
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** `body` on a fresh PostgreSQL database, dropped afterwards even when the run fails. */
export async function withTempPostgres<T>(
  baseUrl: string,
  prefix: string,
  body: (url: string) => Promise<T>,
): Promise<T> {
  const database = await createTempPostgres(baseUrl, prefix);
  try {
    return await body(database.url);
  } finally {
    await database.drop();
  }
}

/**
 * The real server for a benchmark (its production build), on a free loopback port: production mode, limits off,
 * warnings only, no web build, its own upload folder, nothing seeded unless `env` says otherwise. Resolves once
 * /health answers.
 */
export async function startBenchServer(
  databaseUrl: string,
  uploadDir: string,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<{ server: ChildProcess; base: string; pid: number }> {
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const server = startStudioServer(
    {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      HOST,
      PORT: String(port),
      RATE_LIMIT: "off",
      LOG_LEVEL: "warn",
      SEED_ON_EMPTY: "false",
      JWT_SECRET: randomBytes(32).toString("hex"),
      UPLOAD_DIR: uploadDir,
      WEB_DIST: path.join(uploadDir, "no-web-build"),
      ...env,
    },
    nodeFlags,
  );
  await waitFor(`${base}/health`, server);
  return { server, base, pid: server.pid ?? 0 };
}
