/**
 * Processing of uploaded files as the live stream reports it ("media.progress" / "media.ready" /
 * "media.failed", entity = the MediaAsset's id, status = the percentage or the reason), kept by asset id so
 * each gallery item redraws on its own while the gallery's data is not fetched again for every percent. Also
 * whether the stream is up: pages poll only while it is down.
 */
import type { GalleryItemMedia } from "@studio/validators";
import { useSyncExternalStore } from "react";

export type MediaLive = Pick<GalleryItemMedia, "status" | "progress" | "error">;

const states = new Map<number, MediaLive>();
const listeners = new Set<() => void>();
let connected = false;

const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Takes a stream message; answers whether it was a media event. */
export function applyMediaEvent(event: string, data: string | null): boolean {
  if (!event.startsWith("media.")) return false;
  let parsed: { entityId?: unknown; status?: unknown } = {};
  try {
    parsed = JSON.parse(data ?? "{}") as typeof parsed;
  } catch {
    return true;
  }
  const id = Number(parsed.entityId);
  if (!Number.isSafeInteger(id) || id <= 0) return true;
  const status = typeof parsed.status === "string" ? parsed.status : "";
  if (event === "media.progress") {
    const progress = Math.max(0, Math.min(99, Number.parseInt(status, 10) || 0));
    const known = states.get(id);
    // Events arrive in order, but a late "progress" never undoes a finished state.
    if (known?.status === "ready" || known?.status === "failed") return true;
    states.set(id, { status: "processing", progress, error: null });
  } else if (event === "media.ready") {
    states.set(id, { status: "ready", progress: 100, error: null });
  } else if (event === "media.failed") {
    states.set(id, { status: "failed", progress: 0, error: status || null });
  } else {
    return true;
  }
  notify();
  return true;
}

export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  notify();
}

/** For tests: forget every state. */
export function resetMediaProgress(): void {
  states.clear();
  connected = false;
  notify();
}

export function useMediaLive(id: number | null | undefined): MediaLive | undefined {
  return useSyncExternalStore(subscribe, () => (id ? states.get(id) : undefined));
}

export function useLiveConnected(): boolean {
  return useSyncExternalStore(subscribe, () => connected);
}

const RANK: Record<MediaLive["status"], number> = { pending: 0, processing: 1, ready: 2, failed: 2 };

/**
 * What to show: the server's state (read with the gallery), unless the stream has said more since (further
 * along, or finished). A file the server reads as finished stays so.
 */
export function currentMedia(server: GalleryItemMedia, live: MediaLive | undefined): MediaLive {
  if (!live || RANK[server.status] === 2) return server;
  if (RANK[live.status] > RANK[server.status]) return live;
  if (live.status === server.status && live.progress > server.progress) return live;
  return server;
}
