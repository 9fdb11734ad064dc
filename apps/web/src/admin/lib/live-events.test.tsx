import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { storeSession } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { useLiveEvents } from "./live-events";

let statsCalls = 0;
/** The calls made when the second stream opened. */
let atResume = { stats: 0, contact: 0 };
let contactCalls = 0;
const streams: (string | null)[] = [];
/** Resolves once the page's own first loads were answered: the first stream opens after them. */
let pageLoaded: () => void = () => {};
const loaded = new Promise<void>((resolve) => {
  pageLoaded = resolve;
});

const sse = (...messages: string[]) =>
  new HttpResponse(messages.join(""), { headers: { "Content-Type": "text/event-stream" } });

const server = setupServer(
  ...trpcHandlers({
    "bookings.stats": () => {
      statsCalls += 1;
      if (contactCalls > 0) pageLoaded();
      return { total: statsCalls, pending: 0, confirmed: 0, completed: 0, cancelled: 0, withProof: 0 };
    },
    "contact.list": () => {
      contactCalls += 1;
      if (statsCalls > 0) pageLoaded();
      return { items: [], total: 0, unread: contactCalls };
    },
  }),
  http.get("*/api/live", async ({ request }) => {
    streams.push(request.headers.get("Last-Event-ID"));
    await loaded;
    // The first stream opens and ends (the hook reconnects); the second resumes after id 5.
    if (streams.length === 1) return sse('event: ready\nid: 5\ndata: {"after":5}\n\n');
    atResume = { stats: statsCalls, contact: contactCalls };
    return sse(
      'event: ready\nid: 5\ndata: {"after":5}\n\n',
      'event: contact.created\nid: 6\ndata: {"id":6}\n\n',
      'event: end\ndata: {"reason":"test"}\n\n',
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

function LivePage() {
  useLiveEvents();
  const stats = trpc.bookings.stats.useQuery();
  const contact = trpc.contact.list.useQuery({ limit: 10 });
  return <p>{`Total ${stats.data?.total ?? "-"}, unread ${contact.data?.unread ?? "-"}`}</p>;
}

describe("useLiveEvents", () => {
  it("reads everything again when a first stream is ready, and nothing when a stream resumes", async () => {
    storeSession("token-1", { id: 1, name: "Ada", email: "ada@studio.test", role: "admin" });
    renderWithProviders(<LivePage />);
    // Loaded, then read again after the first stream's "ready": a change made while both were starting is in.
    expect(await screen.findByText(/^Total [2-9], unread [2-9]$/)).toBeInTheDocument();
    // The hook reconnects (the first stream ended) and resumes after the last id it got.
    await waitFor(() => expect(streams).toEqual([null, "5"]), { timeout: 5_000 });
    // Its "ready" reads nothing; its event reads the inbox only.
    expect(
      await screen.findByText(`Total ${atResume.stats}, unread ${atResume.contact + 1}`),
    ).toBeInTheDocument();
    expect(statsCalls).toBe(atResume.stats);
  });
});
