import { MESSAGES } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { RescheduleDialog } from "./reschedule-dialog";

const m = MESSAGES.admin.bookings;
let asked: unknown[] = [];
let moved: unknown[] = [];
let answer: () => unknown = () => ({ id: 7 });

const server = setupServer(
  ...trpcHandlers({
    "site.config": () => ({ timeZone: "Asia/Kolkata", today: "2026-05-01", mapTileUrl: "" }),
    "bookings.adminAvailability": (input) => {
      asked.push(input);
      return {
        date: (input as { date: string }).date,
        today: "2026-05-01",
        closed_reason: null,
        slots: ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"].map(
          (time) => ({
            time,
            available: time > "09:00" && time < "12:00",
            reason:
              time === "09:00" ? "too_early" : time < "12:00" ? null : time === "12:00" ? "full" : "too_long",
            remaining: time > "09:00" && time < "12:00" ? 1 : 0,
          }),
        ),
      };
    },
    "bookings.reschedule": (input) => {
      moved.push(input);
      return answer();
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  asked = [];
  moved = [];
  answer = () => ({ id: 7 });
});
afterAll(() => server.close());

const booking = { id: 7, date: "2026-05-09", time: "09:00", service_id: 3 };

describe("RescheduleDialog", () => {
  it("asks availability for the booking's service without its own time, and moves it", async () => {
    const user = userEvent.setup();
    let open = true;
    renderWithProviders(<RescheduleDialog booking={booking} open onOpenChange={(next) => (open = next)} />);
    const dialog = await screen.findByRole("dialog", { name: m.rescheduleTitle(7) });
    await waitFor(() =>
      expect(asked).toContainEqual({ date: "2026-05-09", exclude_booking_id: 7, service_id: 3 }),
    );
    const time = within(dialog).getByLabelText(/^Time/);
    await waitFor(() =>
      expect(within(time).getByRole("option", { name: /12:00 PM \(taken\)/ })).toBeDisabled(),
    );
    expect(within(time).getByRole("option", { name: /1:00 PM \(ends after closing\)/ })).toBeDisabled();
    expect(
      within(time).getByRole("option", { name: /9:00 AM \(set-up starts before opening\)/ }),
    ).toBeDisabled();
    await user.selectOptions(time, "10:00");
    await user.click(within(dialog).getByRole("button", { name: m.rescheduleSubmit }));
    await waitFor(() => expect(moved).toEqual([{ id: 7, date: "2026-05-09", time: "10:00" }]));
    await waitFor(() => expect(open).toBe(false));
  });

  it("shows the server's refusal by the field it concerns and stays open", async () => {
    const user = userEvent.setup();
    const refusal = "No crew is free from 10:00 AM to 6:00 PM on Saturday 9 May. Please choose another time.";
    answer = () => trpcError(409, refusal, "CONFLICT", { time: refusal });
    renderWithProviders(<RescheduleDialog booking={booking} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: m.rescheduleTitle(7) });
    const time = within(dialog).getByLabelText(/^Time/);
    await waitFor(() => expect(within(time).getByRole("option", { name: "10:00 AM" })).toBeEnabled());
    await user.selectOptions(time, "10:00");
    await user.click(within(dialog).getByRole("button", { name: m.rescheduleSubmit }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it("requires a time", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RescheduleDialog booking={booking} open onOpenChange={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: m.rescheduleTitle(7) });
    await user.click(within(dialog).getByRole("button", { name: m.rescheduleSubmit }));
    expect(await within(dialog).findByText(MESSAGES.booking.timeRequired)).toBeInTheDocument();
    expect(moved).toEqual([]);
  });
});
