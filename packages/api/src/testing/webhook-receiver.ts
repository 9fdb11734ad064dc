/**
 * A real webhook receiver for tests and benchmarks: an HTTP server on a loopback port that keeps every request
 * and answers what the test says (200 by default). `verified()` checks each signature with the standardwebhooks
 * library, as a receiver is told to in the README.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type ReceivedWebhook = {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
};

export type WebhookReceiver = {
  url: (path?: string) => string;
  received: ReceivedWebhook[];
  /** What the next requests are answered: a status (and body), or a function of the request's index. */
  answer: (status: number | ((index: number) => number), body?: string) => void;
  /** Waits until `count` requests have arrived (a bounded wait, never a fixed sleep). */
  waitFor: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  /** The parsed bodies of the requests (to `path`, if given), each verified with `secret`; throws on a bad one. */
  verified: (
    secret: string,
    path?: string,
  ) => { type: string; timestamp: string; data: Record<string, unknown> }[];
  close: () => Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let status: number | ((index: number) => number) = 200;
  let answerBody = "ok";
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const index = received.length;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        headers[name] = Array.isArray(value) ? value.join(", ") : (value ?? "");
      received.push({
        path: req.url ?? "/",
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      res.writeHead(typeof status === "function" ? status(index) : status, { "content-type": "text/plain" });
      res.end(answerBody);
      for (const wake of [...waiters]) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = "/hooks") => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (next, body = "ok") => {
      status = next;
      answerBody = body;
    },
    waitFor: (count, timeoutMs = 15_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          cleanup();
          resolve(received.slice(0, count));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`expected ${count} webhook requests, got ${received.length}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    verified: (secret, path) => {
      const hook = new Webhook(secret);
      return received
        .filter((r) => path === undefined || r.path === path)
        .map(
          (r) =>
            hook.verify(r.body, r.headers) as {
              type: string;
              timestamp: string;
              data: Record<string, unknown>;
            },
        );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
