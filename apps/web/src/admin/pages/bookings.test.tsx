import { type BookingDto, MESSAGES } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import AdminBookingsPage, { uploadRate } from "./bookings";

const make = (id: number, patch: Partial<BookingDto> = {}): BookingDto => ({
  id,
  name: `Client ${id}`,
  email: `c${id}@example.com`,
  phone: `555-${id}`,
  service_id: 1,
  service_title: "Portrait Session",
  date: "2026-06-12",
  time: "10:00",
  message: null,
  image: null,
  status: "pending",
  created_at: "2026-05-01T10:00:00.000Z",
  ...patch,
});

type ListInput = { status?: string; search?: string; cursor?: number | null; limit: number };
let listCalls: ListInput[] = [];
let mutations: { path: string; input: unknown }[] = [];
let deleteAnswer: unknown = { id: 3 };

const server = setupServer(
  ...trpcHandlers({
    "bookings.stats": () => ({
      total: 7,
      pending: 3,
      confirmed: 2,
      completed: 1,
      cancelled: 1,
      withProof: 2,
    }),
    "bookings.list": (raw) => {
      const input = raw as ListInput;
      listCalls.push(input);
      if (input.search === "zed") return { items: [], nextCursor: null, total: 0 };
      if (input.status === "confirmed")
        return { items: [make(5, { status: "confirmed" })], nextCursor: null, total: 1 };
      if (input.cursor === 3) return { items: [make(2), make(1)], nextCursor: null, total: 4 };
      return { items: [make(4), make(3)], nextCursor: 3, total: 4 };
    },
    "bookings.delete": (input) => {
      mutations.push({ path: "delete", input });
      return deleteAnswer;
    },
    "bookings.confirm": (input) => {
      mutations.push({ path: "confirm", input });
      return make(4, { status: "confirmed" });
    },
    "bookings.setStatus": (input) => {
      mutations.push({ path: "setStatus", input });
      return make(4, { status: "cancelled" });
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  listCalls = [];
  mutations = [];
  deleteAnswer = { id: 3 };
});
afterAll(() => server.close());

const stat = (label: string) => screen.getByRole("group", { name: label });

describe("uploadRate", () => {
  it("rounds and is 0 without bookings", () => {
    expect(uploadRate(2, 7)).toBe(29);
    expect(uploadRate(1, 3)).toBe(33);
    expect(uploadRate(3, 0)).toBe(0);
  });
});

describe("Bookings Management", () => {
  it("shows the five stat cards with the upload rate and the first page with its counter", async () => {
    renderWithProviders(<AdminBookingsPage />);
    expect(screen.getByRole("heading", { name: "Bookings Management" })).toBeInTheDocument();
    await waitFor(() => expect(within(stat("Total")).getByText("7")).toBeInTheDocument());
    expect(within(stat("Pending")).getByText("3")).toBeInTheDocument();
    expect(within(stat("Confirmed")).getByText("2")).toBeInTheDocument();
    expect(within(stat("Completed")).getByText("1")).toBeInTheDocument();
    expect(within(stat("With Proof")).getByText("2")).toBeInTheDocument();
    expect(within(stat("With Proof")).getByText("29% upload rate")).toBeInTheDocument();
    expect(await screen.findByText("Showing 4 of 7 bookings")).toBeInTheDocument();
    expect(listCalls[0]).toMatchObject({ limit: 50 });
    expect(listCalls[0]?.status).toBeUndefined();
  });

  it("loads the next page from the cursor", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminBookingsPage />);
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Client 1")).toBeInTheDocument();
    expect(screen.getByText("Showing 4 of 7 bookings")).toBeInTheDocument();
    expect(listCalls.some((c) => c.cursor === 3)).toBe(true);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("filters by status and searches on the server (debounced)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminBookingsPage />);
    const status = await screen.findByLabelText("Status");
    expect([...(status as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      "All Status",
      "Pending",
      "Confirmed",
      "Completed",
      "Cancelled",
    ]);
    await user.selectOptions(status, "confirmed");
    // How many match, of all the studio's bookings.
    expect(await screen.findByText("Showing 1 of 7 bookings")).toBeInTheDocument();
    expect(screen.getByText("Client 5")).toBeInTheDocument();
    await user.selectOptions(status, "all");
    await user.type(screen.getByLabelText("Search bookings"), "zed");
    expect(await screen.findByText("No bookings found")).toBeInTheDocument();
    // One request for the finished word, not one per keystroke.
    expect(listCalls.filter((c) => c.search?.startsWith("z")).map((c) => c.search)).toEqual(["zed"]);
  });

  it("deletes only after the confirmation dialog, and refreshes", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminBookingsPage />);
    await user.click(await screen.findByRole("button", { name: "Delete booking of Client 3" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete booking" });
    expect(dialog).toHaveTextContent("Client 3");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(mutations).toEqual([]);

    const before = listCalls.length;
    await user.click(screen.getByRole("button", { name: "Delete booking of Client 3" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MESSAGES.booking.deleted)).toBeInTheDocument();
    expect(mutations).toEqual([{ path: "delete", input: { id: 3 } }]);
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
  });

  it("confirms a pending booking at once, but asks before cancelling", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminBookingsPage />);
    await user.click(await screen.findByRole("button", { name: "Confirm booking of Client 4" }));
    expect(await screen.findByText(MESSAGES.booking.confirmed)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: /Client 4/ }), "cancelled");
    // "Keep booking" says no without the ambiguity of a "Cancel" button next to "Cancel booking".
    const first = await screen.findByRole("dialog", { name: "Cancel booking" });
    expect(within(first).queryByRole("button", { name: "Cancel" })).toBeNull();
    await user.click(within(first).getByRole("button", { name: "Keep booking" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cancel booking" })).toBeNull());
    expect(mutations).toEqual([{ path: "confirm", input: { id: 4 } }]);
    await user.selectOptions(screen.getByRole("combobox", { name: /Client 4/ }), "cancelled");
    const dialog = await screen.findByRole("dialog", { name: "Cancel booking" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));
    await waitFor(() =>
      expect(mutations).toEqual([
        { path: "confirm", input: { id: 4 } },
        { path: "setStatus", input: { id: 4, status: "cancelled" } },
      ]),
    );
  });

  it("shows a failure as a toast instead of pretending it worked", async () => {
    deleteAnswer = trpcError(500, "boom", "INTERNAL_SERVER_ERROR");
    const user = userEvent.setup();
    renderWithProviders(<AdminBookingsPage />);
    await user.click(await screen.findByRole("button", { name: "Delete booking of Client 3" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(MESSAGES.booking.deleteFailed)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.booking.deleted)).toBeNull();
  });
});

describe("Bookings Management on a phone", () => {
  afterEach(() => {
    Reflect.deleteProperty(window, "matchMedia");
  });

  it("shows each booking as a card whose Confirm and Delete (after its confirmation) work", async () => {
    // Below the md breakpoint: jsdom has no matchMedia, so answer "not wide" for every query.
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        media: query,
        matches: false,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminBookingsPage />);
    const card = await screen.findByRole("article", { name: "Client 4" });
    expect(screen.queryByRole("table")).toBeNull();
    expect(within(card).getByText("c4@example.com")).toBeInTheDocument();
    expect(within(card).getByText("Portrait Session")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: "Confirm booking of Client 4" }));
    expect(await screen.findByText(MESSAGES.booking.confirmed)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole("article", { name: "Client 3" })).getByRole("button", { name: /^Delete/ }),
    );
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(mutations).toEqual([
        { path: "confirm", input: { id: 4 } },
        { path: "delete", input: { id: 3 } },
      ]),
    );
  });
});
