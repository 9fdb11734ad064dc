import {
  CALENDAR_DISCONNECTED,
  type ClosureDto,
  DEFAULT_SCHEDULE,
  MESSAGES,
  type ScheduleDto,
} from "@studio/validators";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import HoursPage from "./hours";

const m = MESSAGES.schedule;
const CHRISTMAS: ClosureDto = { id: 4, start: "2030-12-24", end: "2030-12-26", reason: "Christmas" };

function stored(): ScheduleDto {
  return {
    ...DEFAULT_SCHEDULE,
    weekly: DEFAULT_SCHEDULE.weekly.map((d) => ({ ...d })),
    default_time_zone: "America/Los_Angeles",
    closures: [CHRISTMAS],
  };
}

let schedule = stored();
let calls: { path: string; input: unknown }[] = [];
let addAnswer: (input: unknown) => unknown = (input) => ({ id: 9, ...(input as object) });

/** A team member by default (no calendar sync section); the owner sees it. */
let role: "owner" | "admin" = "admin";

const server = setupServer(
  ...trpcHandlers({
    "auth.me": () => ({ id: 1, name: "Olivia Owner", email: "owner@studio.test", role }),
    "calendarSync.status": () => CALENDAR_DISCONNECTED,
    "schedule.get": () => schedule,
    "site.schedule": () => ({}),
    "schedule.update": (input) => {
      calls.push({ path: "update", input });
      schedule = { ...schedule, ...(input as Partial<ScheduleDto>) };
      return schedule;
    },
    "schedule.addClosure": (input) => {
      calls.push({ path: "addClosure", input });
      return addAnswer(input);
    },
    "schedule.removeClosure": (input) => {
      calls.push({ path: "removeClosure", input });
      schedule = { ...schedule, closures: [] };
      return input;
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  schedule = stored();
  role = "admin";
  calls = [];
  addAnswer = (input) => ({ id: 9, ...(input as object) });
});
afterAll(() => server.close());

const save = () => screen.getByRole("button", { name: "Save hours" });

describe("Hours page", () => {
  it("shows the calendar sync section to the owner only", async () => {
    const { unmount } = renderWithProviders(<HoursPage />);
    expect(await screen.findByRole("checkbox", { name: "Open on Monday" })).toBeChecked();
    expect(screen.queryByRole("region", { name: "Calendar sync" })).toBeNull();
    unmount();
    role = "owner";
    renderWithProviders(<HoursPage />);
    expect(await screen.findByRole("region", { name: "Calendar sync" })).toBeInTheDocument();
  });

  it("lists the week Monday first with labelled controls, the rules and the closures", async () => {
    renderWithProviders(<HoursPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Hours" })).toBeInTheDocument();
    expect(await screen.findByRole("checkbox", { name: "Open on Monday" })).toBeChecked();
    const days = screen.getAllByTestId(/^hours-day-/).map((row) => row.dataset.testid);
    expect(days).toEqual([
      "hours-day-monday",
      "hours-day-tuesday",
      "hours-day-wednesday",
      "hours-day-thursday",
      "hours-day-friday",
      "hours-day-saturday",
      "hours-day-sunday",
    ]);
    expect(screen.getByRole("combobox", { name: "First slot on Sunday" })).toHaveValue("09:00");
    expect(screen.getByRole("combobox", { name: "Last slot on Sunday" })).toHaveValue("17:00");
    expect(screen.getByLabelText("Crews")).toHaveValue(1);
    expect(screen.getByLabelText("Minimum notice (hours)")).toHaveValue(0);
    expect(screen.getByLabelText("Booking horizon (days)")).toHaveValue(null);
    const closures = screen.getByRole("list", { name: "Closed dates" });
    expect(within(closures).getByText("24 Dec 2030 – 26 Dec 2030")).toBeInTheDocument();
    expect(within(closures).getByText("Christmas")).toBeInTheDocument();
  });

  it("closes Sundays and saves the whole week with the rules", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HoursPage />);
    const sunday = await screen.findByRole("checkbox", { name: "Open on Sunday" });
    await user.click(sunday);
    expect(screen.getByRole("combobox", { name: "First slot on Sunday" })).toBeDisabled();
    await user.clear(screen.getByLabelText("Crews"));
    await user.type(screen.getByLabelText("Crews"), "2");
    await user.type(screen.getByLabelText("Minimum notice (hours)"), "4");
    await user.type(screen.getByLabelText("Booking horizon (days)"), "90");
    await user.click(save());
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    const sent = calls[0]?.input as { weekly: { open: boolean }[]; capacity: number };
    expect(sent).toMatchObject({ capacity: 2, notice_hours: 4, horizon_days: 90, time_zone: null });
    expect(sent.weekly.map((d) => d.open)).toEqual([false, true, true, true, true, true, true]);
  });

  it("refuses a last slot before the first, a time zone that does not exist and a bad capacity, sending nothing", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HoursPage />);
    await user.selectOptions(
      await screen.findByRole("combobox", { name: "First slot on Wednesday" }),
      "14:00",
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Last slot on Wednesday" }), "10:00");
    await user.type(screen.getByLabelText("Time zone"), "Mars/Olympus_Mons");
    await user.clear(screen.getByLabelText("Crews"));
    await user.click(save());
    expect(await screen.findByText(`Wednesday: ${m.lastBeforeFirst}`)).toBeInTheDocument();
    expect(screen.getByText(m.timeZoneInvalid)).toBeInTheDocument();
    expect(screen.getByText(m.capacityInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText("Time zone")).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  it("adds a closure, and shows the server's overlap refusal under From", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HoursPage />);
    const form = await screen.findByRole("form", { name: "Add closure" });
    await user.click(within(form).getByRole("button", { name: "Add closure" }));
    expect(within(form).getByText(m.startRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);

    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2030-08-10" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2030-08-01" } });
    await user.click(within(form).getByRole("button", { name: "Add closure" }));
    expect(within(form).getByText(m.rangeReversed)).toBeInTheDocument();
    expect(calls).toEqual([]);

    const overlap = m.closureOverlaps("24 Dec 2030", "26 Dec 2030");
    addAnswer = () => trpcError(400, overlap, "BAD_REQUEST", { start: overlap });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2030-12-25" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2030-12-25" } });
    await user.click(within(form).getByRole("button", { name: "Add closure" }));
    expect(await within(form).findByText(overlap)).toBeInTheDocument();

    addAnswer = (input) => ({ id: 9, ...(input as object) });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2030-08-01" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2030-08-10" } });
    await user.type(within(form).getByLabelText("Reason (optional)"), "Shoot in Lisbon");
    await user.click(within(form).getByRole("button", { name: "Add closure" }));
    expect(await screen.findByText(m.closureAdded)).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      path: "addClosure",
      input: { start: "2030-08-01", end: "2030-08-10", reason: "Shoot in Lisbon" },
    });
  });

  it("removes a closure after confirming", async () => {
    const user = userEvent.setup();
    renderWithProviders(<HoursPage />);
    await user.click(
      await screen.findByRole("button", { name: "Remove the closure from 24 Dec 2030 to 26 Dec 2030" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Remove closure" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText(m.closureRemoved)).toBeInTheDocument();
    expect(calls).toEqual([{ path: "removeClosure", input: { id: 4 } }]);
    await waitFor(() => expect(screen.getByText("No closed dates.")).toBeInTheDocument());
  });
});
