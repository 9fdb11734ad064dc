/**
 * A gallery's files processing, live: the stream's media events redraw each item (a percentage, ready, failed
 * with its reason) without reading the gallery again for every percent; a finished file reads it once more (for
 * its thumbnail).
 */
import { screen, waitFor } from "@testing-library/react";
import type { GalleryAdminItem } from "@studio/validators";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storeSession } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { GalleryItems } from "../galleries/gallery-items";
import { useLiveEvents } from "./live-events";
import { resetMediaProgress, useLiveConnected } from "./media-progress";

let reads = 0;
let sendRest: () => void = () => undefined;
const rest = new Promise<void>((resolve) => (sendRest = resolve));

const item = (id: number, name: string, mediaId: number): GalleryAdminItem => ({
  id,
  name,
  kind: "image",
  thumb_url: null,
  favourite: false,
  note: "",
  media: { id: mediaId, status: "pending", progress: 0, error: null },
});

const server = setupServer(
  ...trpcHandlers({
    "bookings.stats": () => ({
      total: 0,
      pending: 0,
      confirmed: 0,
      completed: 0,
      cancelled: 0,
      withProof: 0,
    }),
    "galleries.get": () => {
      reads += 1;
      return { sets: [{ id: 1, name: "Ceremony", items: [item(1, "a.jpg", 501), item(2, "b.jpg", 502)] }] };
    },
  }),
  http.get("*/api/live", () => {
    const encoder = new TextEncoder();
    const event = (type: string, id: number, entityId: number, status: string) =>
      encoder.encode(
        `event: ${type}\nid: ${id}\ndata: ${JSON.stringify({ id, type, entityId, status })}\n\n`,
      );
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('event: ready\nid: 10\ndata: {"after":10}\n\n'));
        controller.enqueue(event("media.progress", 11, 501, "30"));
        controller.enqueue(event("media.progress", 12, 502, "60"));
        await rest;
        controller.enqueue(event("media.ready", 13, 501, "100"));
        controller.enqueue(event("media.failed", 14, 502, "The photo could not be read: it may be damaged."));
        // The stream stays open, as the server's does.
      },
    });
    return new HttpResponse(body, { headers: { "Content-Type": "text/event-stream" } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  resetMediaProgress();
});
afterAll(() => server.close());

function Editor() {
  useLiveEvents();
  const live = useLiveConnected();
  const gallery = trpc.galleries.get.useQuery({ id: 1 });
  const items = (gallery.data as { sets: { items: GalleryAdminItem[] }[] } | undefined)?.sets[0]?.items ?? [];
  return (
    <div>
      <p>{live ? "Stream up" : "Stream down"}</p>
      <GalleryItems
        items={items}
        coverItemId={null}
        onOrder={() => {}}
        onCover={() => {}}
        onDelete={() => {}}
      />
    </div>
  );
}

describe("live processing in the gallery editor", () => {
  it("redraws each item from the stream's media events, reading the gallery again only once files finish", async () => {
    storeSession("token-1", { id: 1, name: "Ada", email: "ada@studio.test", role: "admin" });
    renderWithProviders(<Editor />);
    expect(await screen.findByText("Stream up")).toBeInTheDocument();
    const states = () => screen.queryAllByTestId("processing-state").map((s) => s.textContent);
    await waitFor(() => expect(states()).toEqual(["Processing 30%", "Processing 60%"]));
    // The first read, and the one after the stream's "ready"; none for the percentages.
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    const before = reads;

    sendRest();
    await waitFor(() =>
      expect(states()).toEqual(["Ready", "Failed: The photo could not be read: it may be damaged."]),
    );
    // Two files finished together: one more read of the gallery (for thumbnails), a moment later; the items
    // keep what the stream said though the server's answer here still reads "pending".
    await waitFor(() => expect(reads).toBe(before + 1), { timeout: 4_000 });
    expect(states()).toEqual(["Ready", "Failed: The photo could not be read: it may be damaged."]);
  });
});
