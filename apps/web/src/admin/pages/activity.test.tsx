import { AUDIT_ENTITIES, AUDIT_ENTITY_LABELS, type AuditEntryDto } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import AdminActivityPage, { changedFields, describeEntry } from "./activity";

const entry = (id: number, patch: Partial<AuditEntryDto>): AuditEntryDto => ({
  id,
  created_at: "2026-03-18T14:05:00.000Z",
  actor_id: 1,
  actor_name: "Olivia Owner",
  api_key_id: null,
  entity: "booking",
  entity_id: String(id),
  action: "created",
  before: null,
  after: null,
  ...patch,
});

const booking = { id: 12, name: "Jane Doe", status: "pending", date: "2026-06-12", updatedAt: "a" };
const FIRST_PAGE = [
  entry(40, {
    entity: "booking",
    entity_id: "12",
    action: "status_changed",
    before: booking,
    after: { ...booking, status: "confirmed", updatedAt: "b" },
  }),
  entry(39, {
    actor_id: 2,
    actor_name: "Sam Staff",
    entity: "service",
    entity_id: "3",
    action: "deleted",
    before: { id: 3, title: "Drone Tour", priceCents: 30000 },
  }),
  entry(38, { entity: "invite", entity_id: "5", action: "created", after: { id: 5, usedAt: null } }),
];
const SECOND_PAGE = [
  entry(12, {
    entity: "admin",
    entity_id: "2",
    action: "deleted",
    before: { id: 2, name: "Sam", email: "sam@studio.test", role: "admin" },
  }),
];

type ActivityInput = {
  actorId?: number;
  entity?: string;
  from?: string;
  to?: string;
  cursor?: number | null;
  limit: number;
};
let calls: ActivityInput[] = [];
let emptyTrail = false;

const server = setupServer(
  ...trpcHandlers({
    "admins.list": () => [
      { id: 1, name: "Olivia Owner", email: "o@studio.test", role: "owner" },
      { id: 2, name: "Sam Staff", email: "s@studio.test", role: "admin" },
    ],
    "admins.activity": (raw) => {
      const input = raw as ActivityInput;
      calls.push(input);
      if (input.from && input.to && input.from > input.to)
        return trpcError(400, "The start date must be on or before the end date");
      if (emptyTrail || input.entity === "feedback") return { items: [], next_cursor: null };
      if (input.entity === "service") return { items: [FIRST_PAGE[1]], next_cursor: null };
      if (input.cursor === 38) return { items: SECOND_PAGE, next_cursor: null };
      return { items: FIRST_PAGE, next_cursor: 38 };
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  calls = [];
  emptyTrail = false;
});
afterAll(() => server.close());

const entries = () => screen.getAllByTestId("activity-entry");

describe("describeEntry", () => {
  it("puts each kind of change in plain words", () => {
    expect(FIRST_PAGE.map(describeEntry)).toEqual([
      "Changed the status of booking #12 from pending to confirmed",
      "Deleted service #3 'Drone Tour'",
      "Created invite code #5",
    ]);
    expect(describeEntry(SECOND_PAGE[0] as AuditEntryDto)).toBe("Removed admin Sam");
    expect(
      describeEntry(
        entry(1, { entity: "contact", action: "updated", before: { readAt: null }, after: { readAt: "x" } }),
      ),
    ).toBe("Marked message #1 as read");
    expect(
      describeEntry(entry(2, { entity: "admin", action: "password_changed", before: {}, after: {} })),
    ).toBe("Changed their password");
    const drone = { id: 3, title: "Drone Tour", archivedAt: "2031-01-01T00:00:00.000Z" };
    expect(
      describeEntry(entry(6, { entity: "service", entity_id: "3", action: "archived", after: drone })),
    ).toBe("Archived service #3 'Drone Tour' (bookings use it)");
    expect(
      describeEntry(
        entry(7, {
          entity: "service",
          entity_id: "3",
          action: "restored",
          after: { ...drone, archivedAt: null },
        }),
      ),
    ).toBe("Restored service #3 'Drone Tour'");
  });

  it("tells the first calendar link from a new one, and how an admin joined", () => {
    const feed = (action: string) => entry(8, { entity: "calendar_feed", entity_id: null, action });
    expect(describeEntry(feed("created"))).toBe("Made the calendar feed link");
    expect(describeEntry(feed("regenerated"))).toBe(
      "Made a new calendar feed link (the old one stopped working)",
    );
    const ivy = { id: 4, name: "Ivy", email: "ivy@studio.test", role: "admin" };
    const joined = (after: Record<string, unknown>) =>
      describeEntry(
        entry(9, { entity: "admin", entity_id: "4", action: "joined", after: { ...ivy, ...after } }),
      );
    expect(joined({ inviteCodeId: 5, inviteFromSettings: false })).toBe(
      "Joined the team with invite code #5",
    );
    expect(joined({ inviteCodeId: null, inviteFromSettings: true })).toBe(
      "Joined the team with the invite code from the server's settings",
    );
    expect(joined({ role: "owner", inviteCodeId: null, inviteFromSettings: false })).toBe(
      "Signed up as the studio owner",
    );
  });

  it("describes changes of opening hours and closures", () => {
    const hours = entry(3, {
      entity: "hours",
      entity_id: "1",
      action: "updated",
      before: { sunday: "09:00-17:00", capacity: 1 },
      after: { sunday: "closed", capacity: 2 },
    });
    expect(describeEntry(hours)).toBe("Changed the opening hours and booking rules");
    expect(changedFields(hours.before, hours.after).map((c) => c.field)).toEqual(["sunday", "capacity"]);
    const closure = { id: 7, startDate: "2030-12-24", endDate: "2030-12-26", reason: "Christmas" };
    expect(
      describeEntry(entry(4, { entity: "closure", action: "created", before: null, after: closure })),
    ).toBe("Closed the studio from 24 Dec 2030 to 26 Dec 2030 (Christmas)");
    const day = { ...closure, endDate: "2030-12-24", reason: null };
    expect(describeEntry(entry(5, { entity: "closure", action: "deleted", before: day, after: null }))).toBe(
      "Reopened the studio on 24 Dec 2030",
    );
  });

  it("lists only the fields that differ, without updatedAt", () => {
    expect(changedFields({ a: 1, b: "x", updatedAt: 1 }, { a: 1, b: "y", updatedAt: 2, c: true })).toEqual([
      { field: "b", before: "x", after: "y" },
      { field: "c", before: null, after: true },
    ]);
  });
});

describe("Activity page", () => {
  it("shows the entries in words, with time, admin and the changed fields in Details", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminActivityPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Activity" })).toBeInTheDocument();
    expect(
      await screen.findByText("Changed the status of booking #12 from pending to confirmed"),
    ).toBeVisible();
    expect(screen.getByText("Deleted service #3 'Drone Tour'")).toBeInTheDocument();
    expect(screen.getByText("Created invite code #5")).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ limit: 30 });
    expect(calls[0]?.actorId).toBeUndefined();

    const first = entries()[0] as HTMLElement;
    expect(within(first).getByText("Olivia Owner")).toBeInTheDocument();
    expect(within(first).getByText("18 Mar 2026, 7:35 PM")).toBeInTheDocument();
    await user.click(within(first).getByText("Details"));
    const rows = within(within(first).getByRole("table")).getAllByRole("row");
    // The header and the one field that changed: status (updatedAt and unchanged fields left out).
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByRole("rowheader", { name: "Status" })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("pending")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("confirmed")).toBeInTheDocument();

    const deleted = entries()[1] as HTMLElement;
    expect(within(deleted).getByText("Sam Staff")).toBeInTheDocument();
    await user.click(within(deleted).getByText("Details"));
    expect(within(deleted).getByRole("rowheader", { name: "Price cents" })).toBeInTheDocument();
    expect(within(deleted).getByText("30000")).toBeInTheDocument();
    // Nothing on the page edits or deletes an entry.
    expect(screen.queryByRole("button", { name: /edit|delete/i })).toBeNull();
  });

  it("loads the next page from the cursor", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminActivityPage />);
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Removed admin Sam")).toBeInTheDocument();
    expect(entries()).toHaveLength(4);
    expect(calls.some((c) => c.cursor === 38)).toBe(true);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("sends the filters to the server", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminActivityPage />);
    const admin = screen.getByLabelText("Admin");
    await waitFor(() =>
      expect([...(admin as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
        "All admins",
        "Olivia Owner",
        "Sam Staff",
      ]),
    );
    const kind = screen.getByLabelText("Kind of record");
    expect([...(kind as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      "All records",
      "Bookings",
      "Feedback",
      "Services",
      "Portfolio",
      "Messages",
      "Admin accounts",
      "Invite codes",
      ...AUDIT_ENTITIES.slice(7).map((entity) => AUDIT_ENTITY_LABELS[entity]),
    ]);
    expect(AUDIT_ENTITY_LABELS.hours).toBe("Opening hours");
    expect(AUDIT_ENTITY_LABELS.closure).toBe("Closed dates");
    await user.selectOptions(admin, "2");
    await user.selectOptions(kind, "service");
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(screen.getByText("Deleted service #3 'Drone Tour'")).toBeInTheDocument();
    await user.type(screen.getByLabelText("From"), "2026-03-01");
    await user.type(screen.getByLabelText("To"), "2026-03-31");
    await waitFor(() =>
      expect(calls.at(-1)).toMatchObject({
        actorId: 2,
        entity: "service",
        from: "2026-03-01",
        to: "2026-03-31",
        limit: 30,
      }),
    );
  });

  it("shows the server's message for an invalid date range", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminActivityPage />);
    await screen.findAllByTestId("activity-entry");
    await user.type(screen.getByLabelText("From"), "2026-04-02");
    await user.type(screen.getByLabelText("To"), "2026-04-01");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The start date must be on or before the end date",
    );
    expect(screen.queryAllByTestId("activity-entry")).toHaveLength(0);
  });

  it("has an empty state, and another one for filters that match nothing", async () => {
    emptyTrail = true;
    const user = userEvent.setup();
    renderWithProviders(<AdminActivityPage />);
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Kind of record"), "feedback");
    expect(await screen.findByText("No activity matches these filters.")).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ entity: "feedback" });
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByText("No activity yet")).toBeInTheDocument();
  });

  it("marks the list busy while it loads", async () => {
    renderWithProviders(<AdminActivityPage />);
    const list = screen.getByRole("region", { name: "Activity entries" });
    expect(list).toHaveAttribute("aria-busy", "true");
    expect(within(list).getByRole("status")).toHaveTextContent("Loading activity...");
    await waitFor(() => expect(list).toHaveAttribute("aria-busy", "false"));
  });
});
