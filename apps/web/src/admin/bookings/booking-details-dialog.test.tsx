import type { BookingDto } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { useLocation } from "react-router-dom";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import AdminBookingsPage from "../pages/bookings";

const linked: BookingDto = {
  id: 7,
  name: "Ann Lee",
  email: "ann@client.test",
  phone: "+1 555 010 2040",
  service_id: 1,
  service_title: "Portrait Session",
  date: "2030-06-12",
  time: "10:00",
  message: "Golden hour, please",
  image: null,
  status: "pending",
  created_at: "2030-06-01T10:00:00.000Z",
};
/** A session long over: "Completed" is offered for it. */
const past: BookingDto = { ...linked, id: 8, name: "Pat Past", date: "2020-03-02", status: "confirmed" };
let status: BookingDto["status"] = "pending";
const confirmed: number[] = [];

const server = setupServer(
  ...trpcHandlers({
    "bookings.list": () => ({ items: [], nextCursor: null, total: 0 }),
    "bookings.stats": () => ({
      total: 1,
      pending: 1,
      confirmed: 0,
      completed: 0,
      cancelled: 0,
      withProof: 0,
    }),
    "bookings.get": (raw) => {
      const { id } = raw as { id: number };
      if (id === past.id) return past;
      return id === linked.id ? { ...linked, status } : trpcError(404, "Booking not found");
    },
    "bookings.confirm": (raw) => {
      confirmed.push((raw as { id: number }).id);
      status = "confirmed";
      return { ...linked, status };
    },
    "calendarFeed.get": () => null,
    "site.config": () => ({ timeZone: "America/Los_Angeles", today: "2030-01-01", mapTileUrl: "" }),
    "bookings.history": () => ({
      entries: [
        { at: "2030-06-01T17:00:00.000Z", kind: "created", by: null, status: null, from: null, to: null },
        {
          at: "2030-06-02T17:30:00.000Z",
          kind: "status",
          by: "Mia Owner",
          status: "confirmed",
          from: null,
          to: null,
        },
        {
          at: "2030-06-03T18:00:00.000Z",
          kind: "moved",
          by: null,
          status: null,
          from: { date: "2030-06-10", time: "10:00" },
          to: { date: "2030-06-12", time: "10:00" },
        },
      ],
      other_bookings: [
        { id: 3, service_title: "Wedding Film", date: "2029-08-01", time: "09:00", status: "completed" },
      ],
      other_bookings_total: 4,
      days: ["2030-06-12"],
    }),
    "services.adminList": () => [
      { id: 1, title: "Portrait Session", duration: "2 hours", duration_minutes: 120, bookings: 2 },
    ],
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  status = "pending";
  confirmed.length = 0;
});
afterAll(() => server.close());

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderAt(route: string) {
  return renderWithProviders(
    <>
      <AdminBookingsPage />
      <Search />
    </>,
    { route },
  );
}

describe("a booking opened from a link (/admin/bookings?booking=<id>)", () => {
  it("shows that booking in a dialog, whichever page of the list it is on, and acts on it", async () => {
    const user = userEvent.setup();
    renderAt("/admin/bookings?booking=7");
    const dialog = await screen.findByRole("dialog", { name: "Booking #7" });
    expect(await within(dialog).findByText("Ann Lee")).toBeVisible();
    expect(within(dialog).getByText("ann@client.test")).toBeVisible();
    expect(within(dialog).getByText("Portrait Session")).toBeVisible();
    expect(within(dialog).getByText("10:00 AM")).toBeVisible();

    await user.click(within(dialog).getByRole("button", { name: "Confirm booking of Ann Lee" }));
    await waitFor(() => expect(confirmed).toEqual([7]));
    await waitFor(() =>
      expect(within(dialog).queryByRole("button", { name: "Confirm booking of Ann Lee" })).toBeNull(),
    );

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("search").textContent).toBe("");
  });

  it("shows the booking's history with who and when, and the client's other bookings as links", async () => {
    const user = userEvent.setup();
    renderAt("/admin/bookings?booking=7");
    const dialog = await screen.findByRole("dialog", { name: "Booking #7" });
    const history = await within(dialog).findByRole("region", { name: "History" });
    const items = within(history)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([
      "Booked by the client1 Jun 2030, 10:00 AM",
      "Marked confirmed by Mia Owner2 Jun 2030, 10:30 AM",
      "Moved from 10 Jun 2030, 10:00 AM to 12 Jun 2030, 10:00 AM by the client3 Jun 2030, 11:00 AM",
    ]);
    const others = within(dialog).getByRole("region", { name: "This client's other bookings" });
    expect(within(others).getByText("and 3 more")).toBeVisible();
    await user.click(within(others).getByRole("link", { name: /#3 Wedding Film · 1 Aug 2029, 9:00 AM/ }));
    await waitFor(() => expect(screen.getByTestId("search").textContent).toBe("?booking=3"));
  });

  it("offers Completed only once the session is over", async () => {
    renderAt("/admin/bookings?booking=8");
    const dialog = await screen.findByRole("dialog", { name: "Booking #8" });
    const select = await within(dialog).findByRole("combobox", { name: /Pat Past/ });
    await waitFor(() =>
      expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toContain("completed"),
    );

    renderAt("/admin/bookings?booking=7"); // 12 June 2030, in the future
    const future = await screen.findByRole("dialog", { name: "Booking #7" });
    const options = await within(future).findByRole("combobox", { name: /Ann Lee/ });
    expect([...(options as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      "pending",
      "confirmed",
      "cancelled",
    ]);
  });

  it("says so when the booking does not exist, and ignores a link that is not an id", async () => {
    renderAt("/admin/bookings?booking=404");
    const dialog = await screen.findByRole("dialog", { name: "Booking #404" });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Booking not found");

    renderAt("/admin/bookings?booking=<script>");
    await screen.findAllByText("No bookings have been made yet.");
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
  });
});
