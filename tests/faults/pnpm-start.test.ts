/**
 * `pnpm start` as the README has it: pnpm runs the built server with node, as its only child (no tsx wrapper, no
 * esbuild service), and stopping pnpm stops the server gracefully instead of leaving it behind on its port:
 * SIGTERM (a process manager, `kill`) and even SIGKILL (a crashed terminal) of pnpm.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createScenarioDb,
  freePort,
  INVITE_CODE,
  JWT_SECRET,
  REPO_ROOT,
  type ScenarioDb,
  waitUntil,
} from "./support";

type Started = { pnpm: ChildProcess; port: number; output: () => string; db: ScenarioDb };
const running: Started[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) {
    for (const pid of childrenOf(s.pnpm.pid!)) killQuietly(pid);
    killQuietly(s.pnpm.pid!);
    await s.db.drop();
  }
});

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** The ids of a process's children (`ps` exits 1 when there are none). */
function childrenOf(pid: number): number[] {
  const listed = spawnSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  const out = listed.stdout.trim();
  return out ? out.split(/\s+/).map(Number) : [];
}

function commandOf(pid: number): string {
  return execFileSync("ps", ["-o", "args=", "-p", String(pid)], { encoding: "utf8" }).trim();
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function listening(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) });
    await res.text();
    return res.ok;
  } catch {
    return false;
  }
}

async function pnpmStart(label: string): Promise<Started> {
  const db = await createScenarioDb("sqlite", label);
  const port = await freePort();
  let out = "";
  const pnpm = spawn("pnpm", ["start"], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: db.url,
      UPLOAD_DIR: path.join(db.dataDir, "uploads"),
      JWT_SECRET,
      ADMIN_SIGNUP_CODE: INVITE_CODE,
      LOG_LEVEL: "info",
      WEB_DIST: path.join(db.dataDir, "no-web"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  pnpm.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
  });
  pnpm.stderr!.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const started = { pnpm, port, output: () => out, db };
  running.push(started);
  await waitUntil("the server to answer", () => listening(port), 60_000);
  return started;
}

describe("pnpm start", () => {
  it("runs the built server with node as pnpm's only child, and SIGTERM to pnpm stops it gracefully", async () => {
    const s = await pnpmStart("pnpm-start-term");
    const children = childrenOf(s.pnpm.pid!);
    expect(children).toHaveLength(1);
    const server = children[0]!;
    expect(commandOf(server)).toBe("node apps/server/dist/main.js");
    expect(childrenOf(server)).toEqual([]); // no esbuild service, no second node

    s.pnpm.kill("SIGTERM");
    await waitUntil("the server to exit", async () => !alive(server), 20_000);
    expect(await listening(s.port)).toBe(false);
    expect(s.output()).toContain('"msg":"shutdown complete"');
  });

  it("stops the server when pnpm itself is killed outright, so nothing is left on the port", async () => {
    const s = await pnpmStart("pnpm-start-kill");
    const [server] = childrenOf(s.pnpm.pid!);
    s.pnpm.kill("SIGKILL");
    await waitUntil("the orphaned server to exit", async () => !alive(server!), 20_000);
    expect(await listening(s.port)).toBe(false);
    expect(s.output()).toContain('"signal":"parent exited"');
  });
});
