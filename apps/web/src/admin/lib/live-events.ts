/**
 * The back office's live stream (GET /api/live, Server-Sent Events read through fetch so the admin token goes
 * in the Authorization header). Each event refreshes what it changes at once: bookings (list, stats, dashboard,
 * bell), contact messages (inbox, unread count), galleries (a client's selection), or an uploaded file's
 * processing (media.*: kept per file in media-progress.ts, so a percentage redraws one item; a finished file
 * refreshes the gallery once, for its thumbnail). The stream reconnects by itself and resumes after the last
 * event it got; while it is down, the specification's polling keeps the pages fresh.
 */
import { parseSse } from "@studio/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { getToken } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { applyMediaEvent, setLiveConnected } from "./media-progress";

const RETRY_MS = 2_000;
/** Files finishing together (a shoot) refresh the gallery at most this often. */
const MEDIA_REFRESH_MS = 1_500;

export function useLiveEvents(): void {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let lastEventId: string | null = null;
    // This tab's stream, known by one id across reconnections: after an instance dies, reconnecting elsewhere
    // takes the same place in the per-admin stream limit instead of counting twice.
    const streamId = crypto.randomUUID();
    // A load already under way may have read the database before the change (a page opened just before the
    // event: its first load), and React Query joins a first load in flight rather than starting another: once
    // it is in, read once more.
    const invalidate = async (...targets: (() => Promise<void>)[]) => {
      const loading = queryClient.isFetching() > 0;
      await Promise.all(targets.map((target) => target()));
      if (loading) await Promise.all(targets.map((target) => target()));
    };
    const bookings = () => utils.bookings.invalidate();
    const contact = () => utils.contact.invalidate();
    const galleries = () => utils.galleries.invalidate();
    let mediaTimer: ReturnType<typeof setTimeout> | null = null;
    const galleriesSoon = () => {
      mediaTimer ??= setTimeout(() => {
        mediaTimer = null;
        void invalidate(galleries);
      }, MEDIA_REFRESH_MS);
    };
    const refresh = (event: string, data: string | null) => {
      if (event.startsWith("booking.")) void invalidate(bookings);
      if (event.startsWith("gallery.")) void invalidate(galleries);
      if (event === "contact.created") void invalidate(contact);
      if (applyMediaEvent(event, data) && event !== "media.progress") galleriesSoon();
    };
    const refreshAll = () => invalidate(bookings, contact, galleries);
    const connect = async () => {
      while (!stop.signal.aborted) {
        const token = getToken();
        if (!token) return;
        try {
          const headers: Record<string, string> = {
            Authorization: `Bearer ${token}`,
            Accept: "text/event-stream",
            "X-Live-Stream": streamId,
          };
          const resumed = lastEventId !== null;
          if (lastEventId) headers["Last-Event-ID"] = lastEventId;
          const res = await fetch("/api/live", { headers, signal: stop.signal });
          // Signed out (polling's own 401 handling takes over) or too many streams: stop trying.
          if (res.status === 401 || res.status === 429 || !res.body) return;
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseSse(buffer + value);
            buffer = parsed.rest;
            for (const message of parsed.messages) {
              if (message.id) lastEventId = message.id;
              if (message.event === "end") return;
              // A first stream starts where the server stands when it opens: a change made while the page's
              // data was loading and the stream was opening is below that point and never sent. Refreshed
              // once here, everything up to "ready" is in; the stream brings what follows.
              if (message.event === "ready") {
                setLiveConnected(true);
                if (!resumed) void refreshAll();
                continue;
              }
              refresh(message.event, message.data);
            }
          }
        } catch {
          if (stop.signal.aborted) return;
        } finally {
          setLiveConnected(false);
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    };
    void connect();
    return () => {
      stop.abort();
      if (mediaTimer) clearTimeout(mediaTimer);
    };
  }, [utils, queryClient]);
}
