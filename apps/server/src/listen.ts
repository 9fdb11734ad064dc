/**
 * The Node HTTP server around the app: time limits for slow clients, and the rest of a refused request's body
 * read and thrown away, so the refusal always reaches the client.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";

export type ServerLimits = {
  /** Time allowed for the request line and headers (slowloris). */
  headersTimeoutMs: number;
  /** Time allowed for the whole request, body included (a body trickled one byte at a time). */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
};

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

/**
 * Above this much unread body after the answer (beyond any upload's limit), the connection is cut instead:
 * only a client that ignores the refusal keeps sending that much.
 */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * A request answered before its body was read to the end (a 401 or 413 decided from the headers, a 415 from
 * the first bytes of an upload) leaves the rest of the body on the wire. Closing the socket then makes the
 * kernel reset the connection, and the client may lose the answer it was sent. So the rest is read and
 * discarded (memory stays flat) and the connection stays usable; the request timeout still bounds it.
 */
function drainAfterAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.once("finish", () => {
    if (req.readableEnded || req.destroyed) return;
    let drained = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > MAX_DRAINED_BYTES) req.socket.destroy();
    });
    req.resume();
  });
}

export function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  options: { hostname: string; port: number; limits?: ServerLimits },
  onListening?: (info: AddressInfo) => void,
) {
  const limits = options.limits ?? DEFAULT_SERVER_LIMITS;
  const server = serve(
    {
      fetch,
      hostname: options.hostname,
      port: options.port,
      // Ours instead (drainAfterAnswer): the adapter's clean-up destroys the socket after 500 ms.
      autoCleanupIncoming: false,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // Node checks the two timeouts above only this often (30 s by default).
        connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
      },
    },
    onListening,
  );
  server.prependListener("request", drainAfterAnswer);
  return server;
}
