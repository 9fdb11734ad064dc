import type { BookingDto } from "@studio/validators";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BookingsTable, type BookingsTableProps } from "./bookings-table";
import { TABLE_LAYOUT_QUERY } from "./use-table-layout";

const base: BookingDto = {
  id: 1,
  name: "Ava Martin",
  email: "ava@example.com",
  phone: "+1 555 0100",
  service_id: 2,
  service_title: "Wedding Film",
  date: "2026-06-12",
  time: "10:00",
  message: null,
  image: null,
  status: "pending",
  created_at: "2026-05-01T10:00:00.000Z",
};
const LONG = "A long message about the wedding on the lake with two photographers and a drone";
const booking = (patch: Partial<BookingDto>): BookingDto => ({ ...base, ...patch });

function renderTable(props: Partial<BookingsTableProps>) {
  const handlers = {
    onConfirm: vi.fn(),
    onStatusChange: vi.fn(),
    onDelete: vi.fn(),
    sessionEnded: vi.fn(() => true),
  };
  render(
    <BookingsTable rows={[]} loading={false} status="all" search="" busyId={null} {...handlers} {...props} />,
  );
  return handlers;
}

const row = (name: string) =>
  screen.getByRole("cell", { name: new RegExp(`^${name}`) }).closest("tr") as HTMLElement;

describe("BookingsTable", () => {
  it("shows a loading state before the first rows arrive", () => {
    renderTable({ loading: true });
    expect(screen.getByRole("status")).toHaveTextContent("Loading bookings...");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the empty state of each filter", () => {
    const { unmount } = render(
      <BookingsTable
        rows={[]}
        loading={false}
        status="all"
        search=""
        busyId={null}
        onConfirm={vi.fn()}
        onStatusChange={vi.fn()}
        onDelete={vi.fn()}
        sessionEnded={() => true}
      />,
    );
    expect(screen.getByText("No bookings found")).toBeInTheDocument();
    expect(screen.getByText("No bookings have been made yet.")).toBeInTheDocument();
    unmount();
    for (const status of ["pending", "confirmed", "completed", "cancelled"] as const) {
      const view = render(
        <BookingsTable
          rows={[]}
          loading={false}
          status={status}
          search=""
          busyId={null}
          onConfirm={vi.fn()}
          onStatusChange={vi.fn()}
          onDelete={vi.fn()}
          sessionEnded={() => true}
        />,
      );
      expect(screen.getByText("No bookings found")).toBeInTheDocument();
      expect(screen.getByText(`No ${status} bookings found.`)).toBeInTheDocument();
      view.unmount();
    }
  });

  it("has the five columns and the customer, service, date and status of each row", () => {
    renderTable({
      rows: [
        booking({ message: LONG }),
        booking({ id: 2, name: "Liam Chen", service_id: null, service_title: null, status: "confirmed" }),
      ],
    });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Customer",
      "Service & Proof Documents",
      "Date & Time",
      "Status",
      "Actions",
    ]);
    const ava = row("Ava Martin");
    expect(within(ava).getByText("ava@example.com")).toBeInTheDocument();
    expect(within(ava).getByText("+1 555 0100")).toBeInTheDocument();
    expect(within(ava).getByText("Wedding Film")).toBeInTheDocument();
    expect(within(ava).getByText(`${LONG.slice(0, 60)}...`)).toBeInTheDocument();
    expect(within(ava).getByText("12 Jun 2026")).toBeInTheDocument();
    expect(within(ava).getByText("10:00 AM")).toBeInTheDocument();
    expect(within(row("Liam Chen")).getByText("Service not found")).toBeInTheDocument();
  });

  it("colours the status badges: pending yellow, confirmed green, completed blue, cancelled red", () => {
    renderTable({
      rows: (["pending", "confirmed", "completed", "cancelled"] as const).map((status, i) =>
        booking({ id: i + 1, name: `Client ${status}`, status }),
      ),
    });
    const badge = (status: string) =>
      within(row(`Client ${status}`)).getByText(status.charAt(0).toUpperCase() + status.slice(1), {
        selector: "[data-status]",
      });
    expect(badge("pending").className).toMatch(/yellow/);
    expect(badge("confirmed").className).toMatch(/green/);
    expect(badge("completed").className).toMatch(/blue/);
    expect(badge("cancelled").className).toMatch(/red/);
  });

  it("renders each kind of proof and opens it in a new tab", () => {
    renderTable({
      rows: [
        booking({ id: 1, name: "Img Client", image: "/uploads/private/a.png?expires=1&sig=x" }),
        booking({ id: 2, name: "Pdf Client", image: "/uploads/private/b.pdf?expires=1&sig=x" }),
        booking({ id: 3, name: "Other Client", image: "/uploads/private/c.bin?expires=1&sig=x" }),
        booking({ id: 4, name: "None Client", image: null }),
      ],
    });
    // The link's name starts with its visible text (WCAG 2.5.3, label in name), then says whose and where.
    const img = within(row("Img Client")).getByRole("link", {
      name: "Proof attached - Click to view: proof image of Img Client, opens in a new tab",
    });
    expect(img).toHaveAttribute("href", "/uploads/private/a.png?expires=1&sig=x");
    expect(img).toHaveAttribute("target", "_blank");
    expect(img.querySelector("img")).toHaveAttribute("src", "/uploads/private/a.png?expires=1&sig=x");

    const pdf = within(row("Pdf Client")).getByRole("link", { name: /Proof attached/ });
    expect(pdf).toHaveTextContent("PDF Document");
    expect(pdf).toHaveTextContent("Proof attached - Click to view");
    expect(pdf).toHaveAttribute("target", "_blank");

    expect(within(row("Other Client")).getByRole("link", { name: "Proof Document" })).toHaveAttribute(
      "target",
      "_blank",
    );

    const none = row("None Client");
    expect(within(none).getByText("No proof document")).toBeInTheDocument();
    expect(within(none).getByText("Customer didn't upload any files")).toBeInTheDocument();
    expect(within(none).queryByRole("link", { name: /proof/i })).toBeNull();
  });

  it("offers Confirm only when pending, the status dropdown unless final, and Delete always", async () => {
    const user = userEvent.setup();
    const rows = (["pending", "confirmed", "completed", "cancelled"] as const).map((status, i) =>
      booking({ id: i + 1, name: `Client ${status}`, status }),
    );
    const handlers = renderTable({ rows });
    const controls = (status: string) => {
      const r = row(`Client ${status}`);
      return {
        confirm: within(r).queryByRole("button", { name: /^Confirm/ }),
        select: within(r).queryByRole("combobox"),
        del: within(r).getByRole("button", { name: /^Delete/ }),
      };
    };
    expect(controls("pending").confirm).not.toBeNull();
    expect(controls("pending").select).not.toBeNull();
    expect(controls("confirmed").confirm).toBeNull();
    expect(controls("confirmed").select).not.toBeNull();
    for (const final of ["completed", "cancelled"]) {
      expect(controls(final).confirm).toBeNull();
      expect(controls(final).select).toBeNull();
      expect(controls(final).del).toBeInTheDocument();
    }
    const select = controls("pending").select as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([
      "pending",
      "confirmed",
      "completed",
      "cancelled",
    ]);

    await user.click(controls("pending").confirm as HTMLElement);
    expect(handlers.onConfirm).toHaveBeenCalledWith(rows[0]);
    await user.selectOptions(controls("confirmed").select as HTMLElement, "completed");
    expect(handlers.onStatusChange).toHaveBeenCalledWith(rows[1], "completed");
    await user.click(controls("cancelled").del);
    expect(handlers.onDelete).toHaveBeenCalledWith(rows[3]);
  });

  it("offers Completed only for a booking whose session is over", () => {
    const rows = [
      booking({ id: 1, name: "Future Client", status: "confirmed", date: "2099-06-12" }),
      booking({ id: 2, name: "Past Client", status: "confirmed", date: "2020-06-12" }),
      booking({ id: 3, name: "Pending Client", status: "pending", date: "2099-06-13" }),
    ];
    const sessionEnded = vi.fn((b: BookingDto) => b.id === 2);
    renderTable({ rows, sessionEnded });
    const options = (name: string) =>
      [...(within(row(name)).getByRole("combobox") as HTMLSelectElement).options].map((o) => o.value);
    expect(options("Future Client")).toEqual(["pending", "confirmed", "cancelled"]);
    expect(options("Pending Client")).toEqual(["pending", "confirmed", "cancelled"]);
    expect(options("Past Client")).toEqual(["pending", "confirmed", "completed", "cancelled"]);
    expect(sessionEnded).toHaveBeenCalledWith(rows[0]);
  });

  it("disables the actions of a row while its update runs", () => {
    renderTable({ rows: [booking({})], busyId: 1 });
    expect(screen.getByRole("button", { name: /^Confirm/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /^Delete/ })).toBeDisabled();
    expect(screen.getByRole("combobox")).toBeDisabled();
  });
});

/** jsdom has no matchMedia (so the table shows by default); this one answers the table query as told. */
function mockViewport(wide: boolean) {
  const listeners = new Set<() => void>();
  let current = wide;
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      media: query,
      get matches() {
        return query === TABLE_LAYOUT_QUERY ? current : false;
      },
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    }),
  });
  return {
    resize(next: boolean) {
      current = next;
      act(() => {
        for (const listener of listeners) listener();
      });
    },
  };
}

describe("BookingsTable on a phone (below the md breakpoint)", () => {
  afterEach(() => {
    Reflect.deleteProperty(window, "matchMedia");
  });

  const card = (name: string) => screen.getByRole("article", { name });

  it("shows one card per booking, named by the customer, with every column's content and no table", () => {
    mockViewport(false);
    renderTable({
      rows: [
        booking({ message: LONG, image: "/uploads/private/a.png?expires=1&sig=x" }),
        booking({
          id: 2,
          name: "Liam Chen",
          email: "liam@example.com",
          phone: "+1 555 0101",
          service_id: null,
          service_title: null,
          status: "confirmed",
          image: "/uploads/private/b.pdf?expires=1&sig=x",
        }),
        booking({ id: 3, name: "Other Client", status: "completed", image: "/uploads/private/c.bin?x=1" }),
        booking({ id: 4, name: "None Client", status: "cancelled" }),
      ],
    });
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Bookings Management" });
    expect(within(list).getAllByRole("article")).toHaveLength(4);

    const ava = card("Ava Martin");
    expect(within(ava).getByRole("link", { name: "ava@example.com" })).toHaveAttribute(
      "href",
      "mailto:ava@example.com",
    );
    expect(within(ava).getByText("+1 555 0100")).toBeInTheDocument();
    expect(within(ava).getByText("Wedding Film")).toBeInTheDocument();
    expect(within(ava).getByText(`${LONG.slice(0, 60)}...`)).toBeInTheDocument();
    expect(within(ava).getByText("12 Jun 2026")).toBeInTheDocument();
    expect(within(ava).getByText("10:00 AM")).toBeInTheDocument();
    const img = within(ava).getByRole("link", {
      name: "Proof attached - Click to view: proof image of Ava Martin, opens in a new tab",
    });
    expect(img).toHaveAttribute("target", "_blank");
    expect(img.querySelector("img")).toHaveAttribute("src", "/uploads/private/a.png?expires=1&sig=x");

    const liam = card("Liam Chen");
    expect(within(liam).getByText("Service not found")).toBeInTheDocument();
    const pdf = within(liam).getByRole("link", { name: /Proof attached - Click to view/ });
    expect(pdf).toHaveTextContent("PDF Document");
    expect(within(card("Other Client")).getByRole("link", { name: "Proof Document" })).toHaveAttribute(
      "target",
      "_blank",
    );
    expect(within(card("None Client")).getByText("No proof document")).toBeInTheDocument();
    expect(within(card("None Client")).getByText("Customer didn't upload any files")).toBeInTheDocument();

    const badge = (name: string, text: string) =>
      within(card(name)).getByText(text, { selector: "[data-status]" });
    expect(badge("Ava Martin", "Pending").className).toMatch(/yellow/);
    expect(badge("Liam Chen", "Confirmed").className).toMatch(/green/);
    expect(badge("Other Client", "Completed").className).toMatch(/blue/);
    expect(badge("None Client", "Cancelled").className).toMatch(/red/);
  });

  it("offers on each card the actions of its row: Confirm if pending, the dropdown unless final, Delete", async () => {
    mockViewport(false);
    const user = userEvent.setup();
    const rows = (["pending", "confirmed", "completed", "cancelled"] as const).map((status, i) =>
      booking({ id: i + 1, name: `Client ${status}`, status }),
    );
    const handlers = renderTable({ rows });
    const controls = (status: string) => {
      const c = card(`Client ${status}`);
      return {
        confirm: within(c).queryByRole("button", { name: /^Confirm/ }),
        select: within(c).queryByRole("combobox", { name: new RegExp(`Client ${status}`) }),
        del: within(c).getByRole("button", { name: `Delete booking of Client ${status}` }),
      };
    };
    expect(controls("pending").confirm).not.toBeNull();
    expect(controls("pending").select).not.toBeNull();
    expect(controls("confirmed").confirm).toBeNull();
    expect(controls("confirmed").select).not.toBeNull();
    for (const final of ["completed", "cancelled"]) {
      expect(controls(final).confirm).toBeNull();
      expect(controls(final).select).toBeNull();
    }

    await user.click(controls("pending").confirm as HTMLElement);
    expect(handlers.onConfirm).toHaveBeenCalledWith(rows[0]);
    await user.selectOptions(controls("confirmed").select as HTMLElement, "cancelled");
    expect(handlers.onStatusChange).toHaveBeenCalledWith(rows[1], "cancelled");
    await user.click(controls("completed").del);
    expect(handlers.onDelete).toHaveBeenCalledWith(rows[2]);
  });

  it("switches between cards and table when the viewport crosses the breakpoint, never showing both", () => {
    const viewport = mockViewport(true);
    renderTable({ rows: [booking({})] });
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.queryByRole("article")).toBeNull();

    viewport.resize(false);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getAllByRole("button", { name: /^Delete/ })).toHaveLength(1);
    expect(card("Ava Martin")).toBeInTheDocument();

    viewport.resize(true);
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.queryByRole("article")).toBeNull();
  });
});
