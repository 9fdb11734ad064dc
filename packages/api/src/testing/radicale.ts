/**
 * A real CalDAV server for a test file: Debian's radicale (`apt-get install -y radicale`) on a free loopback
 * port, its storage in a temporary directory, plain htpasswd users, each user seeing only their own calendars.
 * Tests look into it from the outside with plain HTTP (what a calendar app would see).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

export type TestRadicale = {
  origin: string;
  username: string;
  password: string;
  /** A calendar collection of the user, made by the helper ("…/owner/studio/"). */
  calendarUrl: string;
  /** Writes an object ("name.ics") into the calendar, as a calendar app would. */
  putObject: (name: string, ics: string) => Promise<void>;
  /** An object's text, or null when there is none. */
  getObject: (name: string) => Promise<string | null>;
  /** The names of the calendar's objects. */
  listObjects: () => Promise<string[]>;
  stop: () => Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startRadicale(): Promise<TestRadicale> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "studio-radicale-"));
  const username = "owner";
  const password = "app-password-123";
  writeFileSync(path.join(directory, "users"), `${username}:${password}\n`);
  const port = await freePort();
  const child = spawn(
    "radicale",
    [
      "--config",
      "",
      "--server-hosts",
      `127.0.0.1:${port}`,
      "--storage-filesystem-folder",
      path.join(directory, "collections"),
      "--auth-type",
      "htpasswd",
      "--auth-htpasswd-filename",
      path.join(directory, "users"),
      "--auth-htpasswd-encryption",
      "plain",
      "--rights-type",
      "owner_only",
      "--logging-level",
      "warning",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const auth = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const calendarUrl = `${origin}/${username}/studio/`;
  // Ready when it answers (it starts in well under a second; up to 15 s on a loaded machine).
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${output}`);
    try {
      const response = await fetch(`${origin}/`, { method: "OPTIONS" });
      await response.body?.cancel();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`radicale did not start: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const made = await fetch(calendarUrl, { method: "MKCALENDAR", headers: { authorization: auth } });
  await made.body?.cancel();
  if (made.status !== 201) throw new Error(`MKCALENDAR answered ${made.status}`);
  const objectUrl = (name: string) => `${calendarUrl}${encodeURIComponent(name)}.ics`;
  return {
    origin,
    username,
    password,
    calendarUrl,
    putObject: async (name, ics) => {
      const response = await fetch(objectUrl(name), {
        method: "PUT",
        headers: { authorization: auth, "content-type": "text/calendar; charset=utf-8" },
        body: ics,
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`PUT ${name} answered ${response.status}`);
    },
    getObject: async (name) => {
      const response = await fetch(objectUrl(name), { headers: { authorization: auth } });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`GET ${name} answered ${response.status}`);
      return response.text();
    },
    listObjects: async () => {
      const response = await fetch(calendarUrl, {
        method: "PROPFIND",
        headers: { authorization: auth, depth: "1", "content-type": "text/xml" },
        body: '<?xml version="1.0"?><propfind xmlns="DAV:"><prop><getetag/></prop></propfind>',
      });
      const text = await response.text();
      return [...text.matchAll(/<href>([^<]+)<\/href>/g)]
        .map((match) => decodeURIComponent(match[1]!.split("/").pop() ?? ""))
        .filter((name) => name.endsWith(".ics"))
        .map((name) => name.slice(0, -".ics".length))
        .sort();
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
