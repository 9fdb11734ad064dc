/**
 * GET /api/live: the back office's live events as Server-Sent Events (new booking, status change, deletion, new
 * contact message), made through any instance.
 *
 * - Events come from the LiveEvent table (written by database triggers), so a stream resumes exactly after the
 *   last id it got (`Last-Event-ID`, or `?after=`) on whichever instance it reconnects to.
 * - One hub per instance reads new events once for all its streams: woken at once by the event bus (a booking
 *   or contact write on any instance), and every second as a safety net while streams are open.
 * - Authenticated like every admin call; the session is checked again every few seconds, so a stream ends when
 *   its token is revoked or expires. At most MAX_STREAMS_PER_ADMIN per admin, counted across the instances in
 *   Redis when REDIS_URL is set (limits/stream-slots.ts).
 * - When the instance shuts down (`closing` aborts), every stream ends at once, so the graceful shutdown does not
 *   wait for streams that never finish by themselves; clients reconnect to another instance and resume there.
 */
import {
  type ApiDeps,
  createLiveCursor,
  type LiveCursor,
  type LiveEvent,
  liveEventsBetween,
  liveStartPosition,
  streamIdOf,
} from "@studio/api";
import { MESSAGES } from "@studio/validators";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Logger } from "./logger";

export { MAX_STREAMS_PER_ADMIN } from "@studio/api";
const SAFETY_POLL_MS = 1_000;
const REAUTH_MS = 5_000;
const HEARTBEAT_MS = 15_000;

type Listener = (events: LiveEvent[]) => void;

/** Reads new events once per wake and hands them to every local stream. */
export function createLiveHub(deps: ApiDeps, logger: Logger) {
  const listeners = new Set<Listener>();
  let cursor: LiveCursor | null = null;
  let reading: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  let starting: Promise<void> | null = null;
  // The cursor stops at an event still being written and takes it once committed (see createLiveCursor);
  // the safety poll comes back for it.
  const read = async () => {
    await starting;
    if (!cursor) return;
    for (;;) {
      const events = await cursor.next();
      if (!events.length) return;
      for (const listener of listeners) listener(events);
    }
  };
  const wake = () => {
    if (!listeners.size) return;
    if (reading) {
      again = true;
      return;
    }
    reading = read()
      .catch((error: unknown) =>
        logger.warn("live events could not be read", {
          error: error instanceof Error ? error.message : error,
        }),
      )
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  deps.bus.subscribe("live", wake);
  deps.bus.subscribe("cache", (tag) => {
    if (tag === "bookings") wake();
  });

  return {
    /** Streams open on this instance (metrics). */
    open: () => listeners.size,
    /** Registers a stream; the hub polls only while at least one is open. */
    add(listener: Listener): () => void {
      listeners.add(listener);
      // The position is taken when the first stream opens, before anything it should hear can happen, and
      // below any event that may still be committed (liveStartPosition).
      if (!cursor && !starting)
        starting = liveStartPosition(deps.db, deps.provider)
          .then((id) => {
            cursor ??= createLiveCursor(deps.db, id);
          })
          .finally(() => {
            starting = null;
          });
      if (!timer) {
        timer = setInterval(wake, SAFETY_POLL_MS);
        timer.unref();
      }
      return () => {
        listeners.delete(listener);
        if (!listeners.size && timer) {
          clearInterval(timer);
          timer = null;
          cursor = null;
        }
      };
    },
    /**
     * How far the hub has handed events on: everything up to here that will ever be visible already is. A
     * stream catching up reads to here and hears the rest from the hub.
     */
    async position(): Promise<number> {
      await starting;
      return cursor?.position() ?? liveStartPosition(deps.db, deps.provider);
    },
    wake,
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

function startingId(c: Context): number | null {
  const raw = c.req.header("last-event-id") ?? c.req.query("after");
  return raw !== undefined && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

export function liveStreamHandler(
  deps: ApiDeps,
  hub: LiveHub,
  authOf: (c: Context) => Promise<unknown>,
  closing?: AbortSignal,
) {
  /** How to end each open stream; one listener on `closing` for all of them. */
  const open = new Set<() => void>();
  closing?.addEventListener("abort", () => {
    for (const end of open) end();
  });
  return async (c: Context) => {
    // Shutting down: no new stream here; the client retries, and the proxy sends it to another instance.
    if (closing?.aborted) {
      c.header("Connection", "close");
      c.header("Retry-After", "1");
      return c.json({ success: false, message: MESSAGES.common.databaseUnavailable }, 503);
    }
    const auth = (await authOf(c)) as { user: { id: number } } | null;
    if (!auth) return c.json({ success: false, message: MESSAGES.auth.unauthorized }, 401);
    const slot = await deps.limiter.streams.claim(auth.user.id, streamIdOf(c.req.header("x-live-stream")));
    if (!slot) {
      c.header("Retry-After", "30");
      return c.json({ success: false, message: MESSAGES.common.tooManyRequests }, 429);
    }
    const requested = startingId(c);
    // nginx (and proxies that follow it) would otherwise buffer the stream and deliver events in bursts.
    c.header("X-Accel-Buffering", "no");

    return streamSSE(c, async (stream) => {
      let lastSent = requested ?? 0;
      const pending: LiveEvent[] = [];
      let notify: (() => void) | null = null;
      const remove = hub.add((events) => {
        pending.push(...events.filter((e) => e.id > lastSent));
        notify?.();
      });
      let ended = closing?.aborted ?? false;
      const end = () => {
        ended = true;
        notify?.();
      };
      stream.onAbort(end);
      open.add(end);
      try {
        // A new stream starts where the hub stands, not at the newest id: an event still being written below
        // that id reaches it once committed.
        if (requested === null) lastSent = await hub.position();
        await stream.writeSSE({
          event: "ready",
          data: JSON.stringify({ after: lastSent }),
          id: String(lastSent),
          retry: 2_000,
        });
        // What happened while the client was away, up to where the hub stands (the hub, listened to since
        // before this read, hands on everything after it); the two are merged in id order.
        pending.push(...(await liveEventsBetween(deps.db, lastSent, await hub.position())));
        let checkedAt = Date.now();
        let beatAt = Date.now();
        while (!ended) {
          for (const event of pending.splice(0).sort((x, y) => x.id - y.id)) {
            if (event.id <= lastSent) continue;
            await stream.writeSSE({ event: event.type, id: String(event.id), data: JSON.stringify(event) });
            lastSent = event.id;
          }
          if (Date.now() - checkedAt >= REAUTH_MS) {
            checkedAt = Date.now();
            if (!(await slot.renew())) {
              // The same client (tab) reconnected elsewhere: that connection holds the stream now.
              await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: "superseded" }) });
              return;
            }
            if (!(await authOf(c))) {
              await stream.writeSSE({ event: "end", data: JSON.stringify({ reason: "unauthorized" }) });
              return;
            }
          }
          if (Date.now() - beatAt >= HEARTBEAT_MS) {
            beatAt = Date.now();
            await stream.write(": ping\n\n");
          }
          await new Promise<void>((resolve) => {
            notify = resolve;
            setTimeout(resolve, Math.min(REAUTH_MS, HEARTBEAT_MS)).unref();
          });
          notify = null;
        }
      } finally {
        open.delete(end);
        remove();
        await slot.release();
      }
    });
  };
}
