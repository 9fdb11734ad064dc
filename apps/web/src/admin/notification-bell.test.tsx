import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { trpcHandlers } from "../test/trpc-msw";
import { relativeTime } from "./lib/format";
import { badgeText, LAST_CHECK_KEY, NotificationBell } from "./notification-bell";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
let pending: { id: number; created_at: string }[] = [];
let listInputs: unknown[] = [];

const server = setupServer(
  ...trpcHandlers({
    "bookings.list": (input) => {
      listInputs.push(input);
      return {
        items: pending.map((p) => ({
          id: p.id,
          name: `Client ${p.id}`,
          email: "c@x.test",
          phone: "1",
          service_id: 1,
          service_title: "Portrait Session",
          date: "2026-06-12",
          time: "10:00",
          message: null,
          image: null,
          status: "pending",
          created_at: p.created_at,
        })),
        nextCursor: null,
        total: pending.length,
      };
    },
    "contact.list": () => ({
      items: [
        {
          id: 1,
          name: "Lena",
          email: "l@x.test",
          phone: null,
          subject: "Wedding in June",
          message: "Hi",
          serviceType: null,
          read: false,
          created_at: minutesAgo(90),
        },
      ],
      total: 1,
      unread: 1,
    }),
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  pending = [];
  listInputs = [];
});
afterAll(() => server.close());

describe("relative times and badge", () => {
  it("reads Just now, Nm ago, Nh ago, Nd ago", () => {
    const now = Date.parse("2026-05-01T12:00:00Z");
    expect(relativeTime("2026-05-01T11:59:30Z", now)).toBe("Just now");
    expect(relativeTime("2026-05-01T11:55:00Z", now)).toBe("5m ago");
    expect(relativeTime("2026-05-01T09:00:00Z", now)).toBe("3h ago");
    expect(relativeTime("2026-04-28T12:00:00Z", now)).toBe("3d ago");
  });

  it("shows 9+ above 9", () => {
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
  });
});

describe("NotificationBell", () => {
  it("polls pending bookings (limit 10) and counts the ones after the last check as unread", async () => {
    localStorage.setItem(LAST_CHECK_KEY, String(Date.now() - 30 * 60_000));
    pending = [
      { id: 3, created_at: minutesAgo(0) },
      { id: 2, created_at: minutesAgo(12) },
      { id: 1, created_at: minutesAgo(60 * 26) },
    ];
    renderWithProviders(<NotificationBell startDelayMs={0} />);
    // Bookings 3 and 2 are newer than the last check; the message (90 min old) and booking 1 are not.
    expect(await screen.findByRole("button", { name: "Notifications, 2 unread" })).toBeInTheDocument();
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("2");
    expect(listInputs[0]).toEqual({ status: "pending", limit: 10 });
  });

  it("opening lists at most 10 with relative times, marks all read and stores the check time; Clear all empties", async () => {
    pending = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, created_at: minutesAgo(i * 5) }));
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell startDelayMs={0} />);
    const bell = await screen.findByRole("button", { name: /Notifications, \d+ unread/ });
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("9+");
    const before = Date.now();
    await user.click(bell);
    const panel = await screen.findByRole("region", { name: "Notifications" });
    expect(panel.querySelectorAll("li")).toHaveLength(10);
    expect(screen.getByText("Just now")).toBeInTheDocument();
    expect(screen.getByText("5m ago")).toBeInTheDocument();
    expect(screen.getAllByText("New booking")[0]).toBeInTheDocument();
    expect(screen.queryByTestId("notification-badge")).toBeNull();
    expect(Number(localStorage.getItem(LAST_CHECK_KEY))).toBeGreaterThanOrEqual(before);

    await user.click(screen.getByRole("button", { name: "Clear all" }));
    expect(await screen.findByText("No new notifications")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull());
    expect(screen.getByRole("button", { name: "Notifications" })).toHaveFocus();
  });

  it("announces unread contact messages too", async () => {
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell startDelayMs={0} />);
    await user.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    expect(await screen.findByText("New message")).toBeInTheDocument();
    expect(screen.getByText("Lena: Wedding in June")).toBeInTheDocument();
    expect(screen.getByText("1h ago")).toBeInTheDocument();
  });
});
