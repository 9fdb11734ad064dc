/**
 * One HTTP POST of a webhook: to the address safeAddress checked (the connection's own lookup answers it, so
 * nothing resolves the name a second time), no redirects followed, the whole answer within the timeout, and only
 * the start of the receiver's body kept for the delivery log.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type Resolver, safeAddress } from "./address";

/** What the delivery log keeps of a receiver's answer. */
export const RESPONSE_EXCERPT_CHARS = 2_000;

export type PostOutcome = {
  /** null when no answer came (refused address, connection error, timeout). */
  statusCode: number | null;
  durationMs: number;
  /** The start of the answer's body, or null. */
  response: string | null;
  /** Why it did not succeed (null for a 2xx). */
  error: string | null;
  /** True when no later attempt can succeed either (the address is not allowed). */
  permanent: boolean;
};

export type PostOptions = {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
  resolve?: Resolver;
};

/** The error of a delivery its job's stop ended (the job is handed back, and this attempt not recorded). */
export const DELIVERY_STOPPED = "The delivery was stopped";

/** Reused sockets: a busy receiver is sent many deliveries in a row. */
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // A stop that came before the request is made (while the job was claimed, or the address looked up) sends nothing.
  const stopped = (): PostOutcome => ({
    statusCode: null,
    durationMs: elapsed(),
    response: null,
    error: DELIVERY_STOPPED,
    permanent: false,
  });
  if (options.signal?.aborted) return stopped();
  const target = new URL(url);
  const secure = target.protocol === "https:";
  let pinned: { address: string; family: 4 | 6 };
  try {
    if (!secure && target.protocol !== "http:") throw new Error("Only http(s) URLs are delivered to");
    if (!secure && !options.allowPrivateNetworks) throw new Error("The endpoint must use https://");
    pinned = await safeAddress(target.hostname, options);
  } catch (error) {
    return {
      statusCode: null,
      durationMs: elapsed(),
      response: null,
      error: error instanceof Error ? error.message : String(error),
      permanent: true,
    };
  }
  if (options.signal?.aborted) return stopped();
  const lookup: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, "durationMs" | "permanent">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({ ...outcome, durationMs: elapsed(), permanent: false });
    };
    const request = (secure ? https : http).request(
      target,
      {
        method: "POST",
        agent: secure ? agents.https : agents.http,
        lookup,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": "Studio-Webhooks/1",
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < RESPONSE_EXCERPT_CHARS) text += chunk;
        });
        response.on("error", (error) => finish({ statusCode: null, response: null, error: error.message }));
        response.on("end", () => {
          const statusCode = response.statusCode ?? 0;
          const ok = statusCode >= 200 && statusCode < 300;
          finish({
            statusCode,
            response: text ? text.slice(0, RESPONSE_EXCERPT_CHARS) : null,
            error: ok
              ? null
              : statusCode >= 300 && statusCode < 400
                ? `The receiver answered ${statusCode} (redirects are not followed)`
                : `The receiver answered ${statusCode}`,
          });
        });
      },
    );
    const fail = (message: string) => {
      finish({ statusCode: null, response: null, error: message });
      request.destroy();
    };
    const timer = setTimeout(
      () => fail(`No answer within ${Math.round(options.timeoutMs / 1000)} s`),
      options.timeoutMs,
    );
    const onAbort = () => fail(DELIVERY_STOPPED);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    request.on("error", (error) => finish({ statusCode: null, response: null, error: error.message }));
    request.end(body);
  });
}
