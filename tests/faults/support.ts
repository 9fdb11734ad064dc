/**
 * Fault-injection support: the REAL server as a child process (`node apps/server/dist/main.js`, built by the
 * suite's global set-up)
 * on a free loopback port, a temporary data directory, and a fresh database per scenario (a SQLite file, or a
 * PostgreSQL database created from postgresql://postgres@127.0.0.1:5432/postgres and dropped afterwards).
 * For several instances: the env that points one at a test bucket, restarts on the same port, and an admin
 * live-stream client that fails over to another instance with Last-Event-ID.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSse } from "@studio/validators";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const requireFromDb = createRequire(path.join(REPO_ROOT, "packages/db/package.json"));

/**
 * The PostgreSQL server the scenarios create their databases on: FAULTS_PG_URL, else the server of
 * TEST_DATABASE_URL (CI), else the local default. Connected to its `postgres` database for CREATE/DROP.
 */
export const PG_ADMIN_URL = (() => {
  const base =
    process.env.FAULTS_PG_URL ||
    process.env.TEST_DATABASE_URL ||
    "postgresql://postgres@127.0.0.1:5432/postgres";
  const u = new URL(base);
  u.pathname = "/postgres";
  return u.toString();
})();
/** Database names start with TEST_DATABASE_URL's name when set, so CI's clean-up by prefix catches leftovers. */
const PG_PREFIX = (() => {
  const url = process.env.TEST_DATABASE_URL;
  const name = url ? new URL(url).pathname.slice(1).replace(/\W/g, "_").slice(0, 30) : "";
  return name && name !== "postgres" ? `${name}_fault` : "studio_fault";
})();
export const JWT_SECRET = "faults-secret-faults-secret-faults-secret-0123";
export const INVITE_CODE = "FAULTS-INVITE-CODE";

// ------------------------------------------------------------------------------------------ databases

type PgClient = {
  connect: () => Promise<void>;
  query: <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<{ rows: R[] }>;
  end: () => Promise<void>;
};
type PgModule = { Client: new (options: { connectionString: string }) => PgClient };
export const pg = requireFromDb("pg") as PgModule;

type SqliteDb = {
  prepare: (sql: string) => { all: (...p: unknown[]) => unknown[]; get: (...p: unknown[]) => unknown };
  pragma: (sql: string) => unknown;
  exec: (sql: string) => void;
  close: () => void;
};
export const BetterSqlite3 = requireFromDb("better-sqlite3") as new (
  file: string,
  options?: { readonly?: boolean; fileMustExist?: boolean },
) => SqliteDb;

export async function pgQuery<R = Record<string, unknown>>(
  url: string,
  sql: string,
  params?: unknown[],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export type Provider = "sqlite" | "postgresql";

export type ScenarioDb = {
  provider: Provider;
  url: string;
  /** PostgreSQL: the database name; SQLite: the file path. */
  name: string;
  dataDir: string;
  /** Rows of a read-only query against the scenario's database (from the test process). */
  query: <R = Record<string, unknown>>(sql: string) => Promise<R[]>;
  drop: () => Promise<void>;
};

/** A fresh empty database; the server migrates (and seeds) it on start. */
export async function createScenarioDb(provider: Provider, label: string): Promise<ScenarioDb> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `studio-faults-${label}-`));
  if (provider === "sqlite") {
    const file = path.join(dataDir, "studio.db");
    return {
      provider,
      url: `file:${file}`,
      name: file,
      dataDir,
      query: async <R>(sql: string) => {
        const db = new BetterSqlite3(file, { fileMustExist: true });
        try {
          db.pragma("busy_timeout = 10000");
          return db.prepare(sql).all() as R[];
        } finally {
          db.close();
        }
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${PG_PREFIX}_${label.replace(/\W/g, "_")}_${process.pid}_${randomBytes(3).toString("hex")}`;
  await pgQuery(PG_ADMIN_URL, `CREATE DATABASE "${name}"`);
  const url = withDatabase(PG_ADMIN_URL, name);
  return {
    provider,
    url,
    name,
    dataDir,
    query: <R>(sql: string) => pgQuery<R>(url, sql),
    drop: async () => {
      await pgQuery(PG_ADMIN_URL, `ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await pgQuery(PG_ADMIN_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const PROVIDERS: Provider[] = ["sqlite", "postgresql"];

// --------------------------------------------------------------------------------------------- server

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type ServerHandle = {
  port: number;
  base: string;
  proc: ChildProcess;
  /** Everything the server printed (JSON log lines and anything on stderr). */
  output: () => string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  signal: (sig: NodeJS.Signals) => void;
  /** SIGKILL (if still running) and wait for the exit. */
  stop: () => Promise<void>;
};

export type StartOptions = {
  db: ScenarioDb;
  port?: number;
  env?: Record<string, string>;
  /** Wait for /health to answer 200 (default) or just for the port to accept connections. */
  waitFor?: "healthy" | "listening";
  timeoutMs?: number;
};

export async function startServer(options: StartOptions): Promise<ServerHandle> {
  const port = options.port ?? (await freePort());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: options.db.url,
    UPLOAD_DIR: path.join(options.db.dataDir, "uploads"),
    JWT_SECRET,
    ADMIN_SIGNUP_CODE: INVITE_CODE,
    RATE_LIMIT: "off",
    LOG_LEVEL: "warn",
    WEB_DIST: path.join(options.db.dataDir, "no-web"),
    SHUTDOWN_TIMEOUT_MS: "10000",
    ...options.env,
  };
  const proc = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => {
    out += d.toString();
  });
  proc.stderr!.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    proc.on("exit", (code, sig) => resolve(code ?? sig ?? "unknown"));
  });
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  const base = `http://127.0.0.1:${port}`;
  const handle: ServerHandle = {
    port,
    base,
    proc,
    output: () => out,
    exited,
    signal: (sig) => {
      if (!ended) proc.kill(sig);
    },
    stop: async () => {
      if (!ended) proc.kill("SIGKILL");
      await exited;
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (ended) throw new Error(`server exited during start-up (${await exited}):\n${out}`);
    if (Date.now() > deadline) {
      await handle.stop();
      throw new Error(`server did not become ready on ${base}:\n${out}`);
    }
    try {
      const res = await fetch(`${base}/health`, { signal: AbortSignal.timeout(2_000) });
      await res.text();
      if (options.waitFor === "listening" || res.status === 200) return handle;
    } catch {
      // not listening yet
    }
    await delay(100);
  }
}

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value (or throws after timeoutMs). */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ""}`);
    }
    await delay(everyMs);
  }
}

// ------------------------------------------------------------------------------------------------ HTTP

export type Reply = {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
};

/** One JSON request; network failures reject (with the undici cause code when there is one). */
export async function http(
  base: string,
  method: string,
  pathname: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${base}${pathname}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { _text: text };
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** The low-level reason of a failed fetch: ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, TimeoutError... */
export function networkErrorCode(error: unknown): string {
  let e = error as { code?: unknown; name?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === "string") return e.code;
    if (e.name === "TimeoutError" || e.name === "AbortError") return e.name;
    e = e.cause as typeof e;
  }
  return String((error as Error)?.message ?? error);
}

/** Registers the owner (first account) and returns a token. */
export async function ownerToken(base: string, email = "owner@faults.test"): Promise<string> {
  const reg = await http(base, "POST", "/api/auth/register", {
    body: { name: "Fault Owner", email, password: "owner-password" },
  });
  if (reg.status === 201) return reg.body.token as string;
  const login = await http(base, "POST", "/api/auth/login", { body: { email, password: "owner-password" } });
  if (login.status !== 200) throw new Error(`cannot sign in: ${login.status} ${login.text}`);
  return login.body.token as string;
}

// -------------------------------------------------------------------------------------------- content

/** A future date (YYYY-MM-DD) `days` after today in UTC + 2 days (always in the future in any studio zone). */
export function futureDate(days: number): string {
  const d = new Date(Date.now() + (days + 2) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export const SLOTS = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"];

/** The n-th distinct (date, time) slot, starting `offsetDays` in the future. */
export function nthSlot(n: number, offsetDays = 0): { date: string; time: string } {
  return { date: futureDate(offsetDays + Math.floor(n / SLOTS.length)), time: SLOTS[n % SLOTS.length]! };
}

export function bookingBody(n: number, serviceId: number, extra: Record<string, unknown> = {}) {
  return {
    name: `Fault Client ${n}`,
    email: `client${n}@faults.test`,
    phone: `+1 555 ${String(n).padStart(4, "0")}`,
    service_id: serviceId,
    ...nthSlot(n),
    message: `booking number ${n}`,
    image: null,
    user_id: null,
    ...extra,
  };
}

/** Id of the first service (the server seeds demo services on an empty database). */
export async function firstServiceId(db: ScenarioDb): Promise<number> {
  const rows = await db.query<{ id: number }>(`SELECT id FROM "Service" ORDER BY id LIMIT 1`);
  if (!rows[0]) throw new Error("no service in the database (is SEED_ON_EMPTY off?)");
  return Number(rows[0].id);
}

// ------------------------------------------------------------------------------------------- uploads

/** A multipart/form-data body with one file in field "image". */
export function multipartBody(
  file: Buffer,
  name: string,
  type: string,
): { body: Buffer; contentType: string } {
  const boundary = `----faults${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * One upload on its own TCP connection (node:http, no connection reuse), so each upload's outcome does
 * not depend on what an earlier request left on a shared keep-alive socket.
 */
export function uploadOnFreshConnection(
  base: string,
  pathname: string,
  file: Buffer,
  name: string,
  type: string,
  token?: string,
): Promise<{ status: number; text: string; body: Record<string, unknown> }> {
  const { body, contentType } = multipartBody(file, name, type);
  const url = new URL(pathname, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": contentType,
          "Content-Length": String(body.length),
          Connection: "keep-alive",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => {
          text += d;
        });
        res.on("end", () => {
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { _text: text };
          }
          res.socket?.destroy();
          resolve({ status: res.statusCode ?? 0, text, body: parsed });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

// ------------------------------------------------------------------------------------------- clusters

/** What a test's S3 server (packages/api/src/testing/s3.ts) tells an instance to use. */
type BucketSettings = {
  endpoint: string;
  bucket: string;
  options: { region: string; credentials?: { accessKeyId: string; secretAccessKey: string } };
};

/** The env of an instance that keeps its uploads in the test's bucket (README, "Object storage"). */
export function s3Env(s3: BucketSettings): Record<string, string> {
  const credentials = s3.options.credentials;
  if (!credentials) throw new Error("the test bucket has no credentials");
  return {
    STORAGE: "s3",
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.options.region,
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** Starts the same instance again on its port (after a kill or a graceful stop), with the same env. */
export function restartServer(
  handle: ServerHandle,
  options: Omit<StartOptions, "port">,
): Promise<ServerHandle> {
  return startServer({ ...options, port: handle.port });
}

// ----------------------------------------------------------------------------------------- live stream

export type LiveSeen = {
  event: string;
  /** The SSE id (the LiveEvent id; the position for "ready"), null when the block had none. */
  id: number | null;
  data: Record<string, unknown>;
  /** performance.now() when the block arrived. */
  at: number;
  /** The instance that sent it. */
  base: string;
};

export type LiveConnection = {
  base: string;
  /** The Last-Event-ID header this connection sent (null on the first one). */
  lastEventId: string | null;
  /** HTTP status, or the network error's code when there was no answer. */
  status: number | string;
  /** How it ended: "closed" (by the client), "ended" (by the server), or the network error's code. */
  end?: string;
};

export type LiveClient = {
  /** Every event received, in arrival order ("ready" included). */
  events: LiveSeen[];
  connections: LiveConnection[];
  of: (type: string) => LiveSeen[];
  close: () => Promise<void>;
};

/**
 * An admin's live stream (GET /api/live) kept open the way the back office keeps it: whenever the connection
 * drops or the server ends it, the client reconnects after `retryMs` with the id of the last event it got as
 * Last-Event-ID — to the next address in `bases`, as a load balancer sends it to another instance once the first
 * is gone. It gives up on 401 (the token is no longer valid).
 */
export function openLiveStream(
  bases: string[],
  token: string,
  options: { retryMs?: number } = {},
): LiveClient {
  const retryMs = options.retryMs ?? 250;
  const events: LiveSeen[] = [];
  const connections: LiveConnection[] = [];
  let lastEventId: string | null = null;
  let closed = false;
  let controller: AbortController | null = null;
  // As the back office does: one stream id across reconnections (the per-admin limit counts it once).
  const streamId = randomBytes(12).toString("hex");

  const read = async (body: ReadableStream<Uint8Array>, base: string) => {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const parsed = parseSse(buffer + value);
      buffer = parsed.rest;
      for (const { event, id, data } of parsed.messages) {
        if (id !== null) lastEventId = id;
        events.push({
          event,
          id: id === null ? null : Number(id),
          data: JSON.parse(data ?? "{}") as Record<string, unknown>,
          at: performance.now(),
          base,
        });
      }
    }
  };

  const loop = (async () => {
    for (let attempt = 0; !closed; attempt++) {
      const base = bases[attempt % bases.length]!;
      const connection: LiveConnection = { base, lastEventId, status: 0 };
      connections.push(connection);
      controller = new AbortController();
      const headers: Record<string, string> = {
        Accept: "text/event-stream",
        Authorization: `Bearer ${token}`,
        "X-Live-Stream": streamId,
      };
      if (lastEventId !== null) headers["Last-Event-ID"] = lastEventId;
      try {
        const res = await fetch(`${base}/api/live`, { headers, signal: controller.signal });
        connection.status = res.status;
        if (res.ok && res.body) await read(res.body, base);
        else await res.body?.cancel();
        connection.end = closed ? "closed" : "ended";
      } catch (error) {
        const code = closed ? "closed" : networkErrorCode(error);
        if (connection.status === 0) connection.status = code;
        connection.end = code;
      }
      if (closed || connection.status === 401) return;
      await delay(retryMs);
    }
  })();

  return {
    events,
    connections,
    of: (type) => events.filter((e) => e.event === type),
    close: async () => {
      closed = true;
      controller?.abort();
      await loop;
    },
  };
}
