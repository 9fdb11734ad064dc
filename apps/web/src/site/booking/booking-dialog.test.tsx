import {
  DEFAULT_SCHEDULE,
  MESSAGES,
  type PublicSchedule,
  type ServiceDto,
  type SlotRefusal,
  TIME_SLOTS,
} from "@studio/validators";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import BookingDialog from "./booking-dialog";

const SERVICES: ServiceDto[] = [
  {
    id: 3,
    title: "Portrait Session",
    description: "A portrait session.",
    category: "photography",
    price: 299,
    duration: "1 hour",
    duration_minutes: 60,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    duration_days: 1,
    start_every_minutes: 60,
    features: ["10 images"],
    image: null,
    icon: null,
    created_at: "2026-01-01T00:00:00.000Z",
    archived: false,
  },
  {
    id: 4,
    title: "Wedding Film",
    description: "A wedding film.",
    category: "videography",
    price: 1899.5,
    duration: "Full day",
    duration_minutes: 60,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    duration_days: 1,
    start_every_minutes: 60,
    features: [],
    image: null,
    icon: null,
    created_at: "2026-01-01T00:00:00.000Z",
    archived: false,
  },
];
const TODAY = "2030-01-10";

let created: Array<Record<string, unknown>> = [];
let availabilityCalls: unknown[] = [];
const MANAGE_URL = "https://studio.example/manage/aToken_of-43-characters-0123456789abcdefghij";
let createAnswer: (input: Record<string, unknown>) => unknown = (input) => ({
  booking: { id: 1, ...input, service_title: "Portrait Session", status: "pending" },
  message: MESSAGES.booking.submitted,
  replayed: false,
  manage_url: MANAGE_URL,
});
let uploads = 0;

/** The studio's public schedule: today's defaults unless a test changes it. */
function openSchedule(): PublicSchedule {
  return {
    time_zone: "America/Los_Angeles",
    today: TODAY,
    weekly: DEFAULT_SCHEDULE.weekly,
    closures: [],
    notice_hours: 0,
    horizon_days: null,
    last_date: null,
    capacity: 1,
  };
}
let schedule: PublicSchedule = openSchedule();
type Slot = { time: string; available: boolean; reason?: SlotRefusal | null; remaining?: number };
/** The availability answer's slots; by default 10:00 is taken (the answer of a server before opening hours). */
let slotsOf: (date: string) => Slot[] = () =>
  TIME_SLOTS.map((time) => ({ time, available: time !== "10:00" }));

const server = setupServer(
  ...trpcHandlers({
    "services.list": () => SERVICES,
    "site.config": () => ({
      timeZone: "America/Los_Angeles",
      today: TODAY,
      mapTileUrl: "http://tiles/{z}/{x}/{y}.png",
    }),
    "site.schedule": () => schedule,
    "bookings.availability": (input) => {
      availabilityCalls.push(input);
      const { date } = input as { date: string };
      return { date, today: TODAY, slots: slotsOf(date) };
    },
    "bookings.create": (input) => {
      created.push(input as Record<string, unknown>);
      return createAnswer(input as Record<string, unknown>);
    },
  }),
  http.post("*/api/upload/image", () => {
    uploads++;
    return HttpResponse.json(
      { success: true, url: "/uploads/private/0b0f7d2e-8a8e-4a52-9a55-0d5c8a7f1d11.png", message: "ok" },
      { status: 201 },
    );
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  created = [];
  availabilityCalls = [];
  uploads = 0;
  schedule = openSchedule();
  slotsOf = () => TIME_SLOTS.map((time) => ({ time, available: time !== "10:00" }));
  createAnswer = (input) => ({
    booking: { id: 1, ...input, service_title: "Portrait Session", status: "pending" },
    message: MESSAGES.booking.submitted,
    replayed: false,
    manage_url: MANAGE_URL,
  });
});
afterAll(() => server.close());

type User = ReturnType<typeof userEvent.setup>;
const next = (user: User) => user.click(screen.getByRole("button", { name: "Next" }));
const stepHeading = (name: string) => screen.findByRole("heading", { level: 3, name });

async function fillInfo(user: User) {
  await user.type(screen.getByLabelText("Name"), "Asha Rao");
  await user.type(screen.getByLabelText("Email"), "asha@example.com");
  await user.type(screen.getByLabelText("Phone"), "+91 98765 43210");
}

async function fillSchedule(user: User, time = "11:00 AM") {
  await screen.findByRole("option", { name: /Portrait Session/ });
  await user.selectOptions(screen.getByLabelText("Service"), "3");
  fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-01-12" } });
  await waitFor(() => expect(screen.getByRole("radio", { name: /10:00 AM/ })).toBeDisabled());
  await user.click(screen.getByRole("radio", { name: time }));
}

describe("BookingDialog", () => {
  it("validates step 1 on Next with the specification's messages", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    expect(screen.getByRole("dialog", { name: "Book a Session" })).toBeInTheDocument();
    expect(await stepHeading("Your Info")).toBeInTheDocument();

    await next(user);
    expect(screen.getByText(MESSAGES.booking.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.booking.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.booking.phoneRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText("Email"), "not-an-email");
    expect(screen.queryByText(MESSAGES.booking.emailRequired)).toBeNull();
    await next(user);
    expect(screen.getByText(MESSAGES.booking.emailInvalid)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Your Info" })).toBeInTheDocument();
  });

  it("checks the phone looks like a phone number, with the message under the field", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await user.type(screen.getByLabelText("Name"), "Asha");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Phone"), "call me");
    await next(user);
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription(MESSAGES.common.phoneInvalid);
    expect(screen.getByRole("heading", { level: 3, name: "Your Info" })).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Phone"));
    await user.type(screen.getByLabelText("Phone"), "+91 98765 43210");
    await next(user);
    expect(await stepHeading("Schedule")).toBeInTheDocument();
  });

  it("keeps time slots disabled until a date is chosen, and flags a past date on Next", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    expect(await stepHeading("Schedule")).toBeInTheDocument();
    const slots = within(screen.getByRole("group", { name: "Time" })).getAllByRole("radio");
    expect(slots.every((slot) => (slot as HTMLInputElement).disabled)).toBe(true);
    await screen.findByRole("option", { name: /Portrait Session/ });
    await user.selectOptions(screen.getByLabelText("Service"), "3");
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2020-01-01" } });
    await waitFor(() => expect(screen.getByRole("radio", { name: /^9:00 AM/ })).toBeEnabled());
    await user.click(screen.getByRole("radio", { name: /^9:00 AM/ }));
    await next(user);
    expect(screen.getByText(MESSAGES.booking.dateInPast)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Schedule" })).toBeInTheDocument();
  });

  it("validates the schedule, limits the date to the studio's today and marks taken slots unavailable", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    expect(await stepHeading("Schedule")).toBeInTheDocument();

    await next(user);
    expect(screen.getByText(MESSAGES.booking.serviceRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.booking.dateRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.booking.timeRequired)).toBeInTheDocument();

    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveAttribute("min", TODAY));
    await fillSchedule(user);
    // Asked for the chosen service's session (its length, buffers and equipment).
    expect(availabilityCalls).toContainEqual({ date: "2030-01-12", service_id: 3 });
    const slots = within(screen.getByRole("group", { name: "Time" })).getAllByRole("radio");
    expect(slots).toHaveLength(9);
    expect(screen.getByRole("radio", { name: /^10:00 AM\W+Unavailable$/ })).toBeDisabled();
    // The price in USD and the note appear once a service is chosen.
    expect(screen.getAllByText("$299 USD")).not.toHaveLength(0);
    expect(screen.getByText(MESSAGES.booking.priceNote)).toBeInTheDocument();
  });

  it("goes Back freely, keeps the answers, reviews them and submits once with an idempotency key", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<BookingDialog onClose={onClose} />);
    await fillInfo(user);
    await next(user);
    await stepHeading("Schedule");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(await stepHeading("Your Info")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Asha Rao");
    await next(user);
    await fillSchedule(user);
    await next(user);
    expect(await stepHeading("Project Details")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Message (optional)"), "Outdoor portraits at sunset.");
    await next(user);
    expect(await stepHeading("Review")).toBeInTheDocument();

    const review = screen.getByRole("dialog");
    expect(within(review).getByText("Portrait Session")).toBeInTheDocument();
    expect(within(review).getByText("Saturday, 12 January 2030")).toBeInTheDocument();
    expect(within(review).getByText("11:00 AM")).toBeInTheDocument();
    expect(within(review).getByText(MESSAGES.booking.priceNote)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Confirm Booking" }));
    expect(await screen.findByText(MESSAGES.booking.submitted)).toBeInTheDocument();
    expect(created).toHaveLength(1);
    const sent = created[0]!;
    expect(sent).toMatchObject({
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "+91 98765 43210",
      service_id: 3,
      date: "2030-01-12",
      time: "11:00",
      message: "Outdoor portraits at sunset.",
      image: null,
      user_id: null,
    });
    expect(String(sent.idempotency_key)).toMatch(/^[\w-]{8,100}$/);

    // The dialog stays open on its confirmation: the booking's day, time in the studio's zone and service,
    // and what happens next (the e-mail, the manage page). No toast, no closing on its own.
    const c = MESSAGES.booking.confirmation;
    const dialog = screen.getByRole("dialog", { name: "Book a Session" });
    const confirmation = within(dialog).getByTestId("booking-confirmation");
    expect(within(confirmation).getByRole("heading", { name: c.title })).toHaveFocus();
    expect(within(confirmation).getByRole("status")).toHaveTextContent(MESSAGES.booking.submitted);
    const row = (label: string) => within(confirmation).getByText(label).nextElementSibling;
    expect(row(c.service)).toHaveTextContent("Portrait Session");
    expect(row(c.date)).toHaveTextContent("Saturday, 12 January 2030");
    expect(row(c.time)).toHaveTextContent("11:00 AM PST (America/Los_Angeles)");
    expect(within(confirmation).getByText(c.email("asha@example.com"))).toBeInTheDocument();
    expect(within(confirmation).getByRole("link", { name: c.manageLink })).toHaveAttribute(
      "href",
      "/manage/aToken_of-43-characters-0123456789abcdefghij",
    );
    expect(screen.queryByRole("button", { name: "Confirm Booking" })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(confirmation).getByRole("button", { name: c.done }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says the chosen time and the booked one on the visitor's clock too, when it reads differently", async () => {
    const options = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...options.call(this), timeZone: "Europe/London" };
    });
    try {
      const user = userEvent.setup();
      renderWithProviders(<BookingDialog onClose={() => undefined} />);
      await fillInfo(user);
      await next(user);
      await fillSchedule(user);
      // 11:00 AM in Los Angeles (PST) on 12 January 2030 is 7:00 PM in London.
      expect(screen.getByTestId("booking-time-elsewhere")).toHaveTextContent(
        MESSAGES.booking.timesAreStudios("Los Angeles", "7:00 PM in London"),
      );
      await next(user);
      await next(user);
      await user.click(await screen.findByRole("button", { name: "Confirm Booking" }));
      const confirmation = await screen.findByTestId("booking-confirmation");
      const c = MESSAGES.booking.confirmation;
      expect(within(confirmation).getByText(c.whereYouAre).nextElementSibling).toHaveTextContent(
        "7:00 PM in London",
      );
    } finally {
      zone.mockRestore();
    }
  });

  it("a replayed booking's confirmation has no manage link (the e-mail has it)", async () => {
    createAnswer = (input) => ({
      booking: { id: 9, ...input, service_title: "Portrait Session", status: "pending" },
      message: MESSAGES.booking.submitted,
      replayed: true,
      manage_url: null,
    });
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    await fillSchedule(user);
    await next(user);
    await next(user);
    await user.click(await screen.findByRole("button", { name: "Confirm Booking" }));
    const confirmation = await screen.findByTestId("booking-confirmation");
    expect(
      within(confirmation).getByText(MESSAGES.booking.confirmation.email("asha@example.com")),
    ).toBeInTheDocument();
    expect(within(confirmation).queryByRole("link")).toBeNull();
  });

  it("sends a taken slot back to Schedule with the conflict message and fresh availability", async () => {
    createAnswer = () => trpcError(409, MESSAGES.booking.slotTaken, "CONFLICT");
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog serviceId={3} onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    await stepHeading("Schedule");
    // The service chosen on the card is preselected.
    await waitFor(() => expect(screen.getByLabelText("Service")).toHaveValue("3"));
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-01-12" } });
    await waitFor(() => expect(screen.getByRole("radio", { name: /10:00 AM/ })).toBeDisabled());
    await user.click(screen.getByRole("radio", { name: "2:00 PM" }));
    await next(user);
    await next(user);
    await stepHeading("Review");
    const before = availabilityCalls.length;
    await user.click(screen.getByRole("button", { name: "Confirm Booking" }));

    expect(await stepHeading("Schedule")).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.booking.slotTaken)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "2:00 PM" })).not.toBeChecked();
    await waitFor(() => expect(availabilityCalls.length).toBeGreaterThan(before));
  });

  it("retries with the same idempotency key after a failed submit", async () => {
    let attempts = 0;
    createAnswer = (input) => {
      attempts++;
      if (attempts === 1) return trpcError(500, "Internal error", "INTERNAL_SERVER_ERROR");
      return {
        booking: { id: 9, ...input, status: "pending" },
        message: MESSAGES.booking.submitted,
        replayed: true,
      };
    };
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    await fillSchedule(user);
    await next(user);
    await next(user);
    await user.click(await screen.findByRole("button", { name: "Confirm Booking" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MESSAGES.booking.failed);
    await user.click(screen.getByRole("button", { name: "Confirm Booking" }));
    expect(await screen.findByText(MESSAGES.booking.submitted)).toBeInTheDocument();
    expect(created).toHaveLength(2);
    expect(created[1]!.idempotency_key).toBe(created[0]!.idempotency_key);
  });

  it("shows the server's field errors on their fields, on their step", async () => {
    createAnswer = () =>
      trpcError(400, MESSAGES.common.invalidInput, "BAD_REQUEST", { email: MESSAGES.booking.emailInvalid });
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await user.type(screen.getByLabelText("Name"), "Asha");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Phone"), "+91 98765 43210");
    await next(user);
    await fillSchedule(user);
    await next(user);
    await next(user);
    await user.click(await screen.findByRole("button", { name: "Confirm Booking" }));
    expect(await stepHeading("Your Info")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(MESSAGES.booking.emailInvalid)).toBeInTheDocument();
  });

  it("uploads one optional file with the form field image and sends its URL with the booking", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    await fillSchedule(user);
    await next(user);
    await stepHeading("Project Details");

    const input = screen.getByLabelText("Upload File (optional)");
    await user.upload(input, new File(["%PDF-1.4 hello"], "brief.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(MESSAGES.upload.uploaded)).toBeInTheDocument();
    expect(uploads).toBe(1);
    await next(user);
    expect(await stepHeading("Review")).toBeInTheDocument();
    expect(screen.getByText("brief.pdf")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirm Booking" }));
    await screen.findByText(MESSAGES.booking.submitted);
    expect(created[0]!.image).toBe("/uploads/private/0b0f7d2e-8a8e-4a52-9a55-0d5c8a7f1d11.png");
  });

  it("refuses a file type the booking form does not take, before uploading", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<BookingDialog onClose={() => undefined} />);
    await fillInfo(user);
    await next(user);
    await fillSchedule(user);
    await next(user);
    await stepHeading("Project Details");
    await user.upload(
      screen.getByLabelText("Upload File (optional)"),
      new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      MESSAGES.upload.typeNotSupported("an .exe program"),
    );
    expect(uploads).toBe(0);
  });

  describe("opening hours and closures", () => {
    async function toSchedule(user: User) {
      renderWithProviders(<BookingDialog onClose={() => undefined} />);
      await fillInfo(user);
      await next(user);
      await stepHeading("Schedule");
      await screen.findByRole("option", { name: /Portrait Session/ });
      await user.selectOptions(screen.getByLabelText("Service"), "3");
    }
    const timeGroup = () => within(screen.getByRole("group", { name: "Time" }));

    it("disables every slot of a closed weekday, says why and refuses Next", async () => {
      schedule = {
        ...openSchedule(),
        weekly: DEFAULT_SCHEDULE.weekly.map((day, i) => (i === 0 ? { ...day, open: false } : day)),
      };
      const user = userEvent.setup();
      await toSchedule(user);
      // 2030-01-13 is a Sunday.
      fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-01-13" } });
      expect(await screen.findByText("Closed on Sundays. Please choose another day.")).toBeVisible();
      const slots = timeGroup().getAllByRole("radio");
      expect(slots).toHaveLength(9);
      for (const slot of slots) expect(slot).toBeDisabled();
      expect(timeGroup().getByRole("radio", { name: /^9:00 AM\W+Closed$/ })).toBeDisabled();
      await next(user);
      expect(screen.getByText(MESSAGES.schedule.closedDay)).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 3, name: "Schedule" })).toBeInTheDocument();
      // Monday is open again.
      fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-01-14" } });
      await waitFor(() => expect(timeGroup().getByRole("radio", { name: "11:00 AM" })).toBeEnabled());
      expect(screen.queryByText(/Please choose another day/)).toBeNull();
    });

    it("names a closure's reason and keeps the date within the horizon", async () => {
      schedule = {
        ...openSchedule(),
        closures: [{ start: "2030-01-20", end: "2030-01-22", reason: "Shoot in Lisbon" }],
        horizon_days: 60,
        last_date: "2030-03-11",
      };
      const user = userEvent.setup();
      await toSchedule(user);
      await waitFor(() => expect(screen.getByLabelText("Date")).toHaveAttribute("max", "2030-03-11"));
      fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-01-21" } });
      expect(await screen.findByText("Closed: Shoot in Lisbon. Please choose another day.")).toBeVisible();
      for (const slot of timeGroup().getAllByRole("radio")) expect(slot).toBeDisabled();
      fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-03-12" } });
      await next(user);
      expect(screen.getByText(MESSAGES.schedule.beyondHorizon(60))).toBeInTheDocument();
    });

    it("marks full slots, slots outside the day's hours and slots too soon, each with its reason", async () => {
      const reasons: Record<string, SlotRefusal> = {
        "09:00": "too_soon",
        "10:00": "too_early",
        "12:00": "full",
        "14:00": "later_day",
        "15:00": "too_long",
        "16:00": "closed",
        "17:00": "closed",
      };
      slotsOf = () =>
        TIME_SLOTS.map((time) => {
          const reason = reasons[time] ?? null;
          return { time, available: reason === null, reason, remaining: reason ? 0 : 2 };
        });
      const user = userEvent.setup();
      await toSchedule(user);
      fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2030-01-15" } });
      await waitFor(() =>
        expect(timeGroup().getByRole("radio", { name: /^12:00 PM\W+Fully booked$/ })).toBeDisabled(),
      );
      expect(timeGroup().getByRole("radio", { name: /^9:00 AM\W+Too soon$/ })).toBeDisabled();
      expect(
        timeGroup().getByRole("radio", { name: /^10:00 AM\W+Set-up starts before opening$/ }),
      ).toBeDisabled();
      expect(
        timeGroup().getByRole("radio", { name: /^2:00 PM\W+Outside a later day's hours$/ }),
      ).toBeDisabled();
      expect(timeGroup().getByRole("radio", { name: /^3:00 PM\W+Ends after closing$/ })).toBeDisabled();
      expect(timeGroup().getByRole("radio", { name: /^4:00 PM\W+Closed$/ })).toBeDisabled();
      expect(timeGroup().getByRole("radio", { name: /^5:00 PM\W+Closed$/ })).toBeDisabled();
      expect(timeGroup().getByRole("radio", { name: "11:00 AM" })).toBeEnabled();
      expect(screen.queryByText(/Please choose another day/)).toBeNull();
    });

    it("shows the server's refusal under the field it concerns", async () => {
      createAnswer = () =>
        trpcError(400, "Please book at least 24 hours ahead.", "BAD_REQUEST", {
          time: "Please book at least 24 hours ahead.",
        });
      const user = userEvent.setup();
      renderWithProviders(<BookingDialog onClose={() => undefined} />);
      await fillInfo(user);
      await next(user);
      await stepHeading("Schedule");
      await fillSchedule(user);
      await next(user);
      await stepHeading("Project Details");
      await next(user);
      await stepHeading("Review");
      await user.click(screen.getByRole("button", { name: "Confirm Booking" }));
      expect(await screen.findByText("Please book at least 24 hours ahead.")).toBeInTheDocument();
      expect(screen.getByRole("heading", { level: 3, name: "Schedule" })).toBeInTheDocument();
    });
  });
});
