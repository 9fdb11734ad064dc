import { MESSAGES } from "@studio/validators";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { CreateBookingDialog } from "./create-booking-dialog";

const PROOF = "/uploads/private/11111111-2222-3333-4444-555555555555.pdf";
let created: Record<string, unknown>[] = [];
let createAnswer: () => unknown = () => ({
  booking: { id: 1 },
  message: MESSAGES.booking.submitted,
  replayed: false,
});
let releaseUpload: (() => void) | null = null;

const server = setupServer(
  ...trpcHandlers({
    "services.list": () => [
      { id: 1, title: "Portrait Session", price: 299, category: "photography", features: [] },
      { id: 2, title: "Wedding Film", price: 1899.5, category: "videography", features: [] },
    ],
    "site.config": () => ({ timeZone: "America/Los_Angeles", today: "2026-05-01", mapTileUrl: "" }),
    "bookings.adminAvailability": (input) => ({
      date: (input as { date: string }).date,
      today: "2026-05-01",
      slots: ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"].map(
        (time) => ({
          time,
          available: time !== "10:00",
        }),
      ),
    }),
    "bookings.adminCreate": async (input) => {
      created.push(input as Record<string, unknown>);
      await delay(150);
      return createAnswer();
    },
  }),
  http.post("*/api/upload/image", async () => {
    await new Promise<void>((resolve) => {
      releaseUpload = resolve;
    });
    return HttpResponse.json({
      success: true,
      url: PROOF,
      message: MESSAGES.upload.uploaded,
      data: { url: PROOF },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  created = [];
  createAnswer = () => ({ booking: { id: 1 }, message: MESSAGES.booking.submitted, replayed: false });
  releaseUpload = null;
});
afterAll(() => server.close());

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <CreateBookingDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Customer Name"), "Ava Martin");
  await user.type(screen.getByLabelText("Email"), "ava@example.com");
  await user.type(screen.getByLabelText("Phone Number"), "+1 555 0100");
  await user.selectOptions(await screen.findByLabelText("Service"), "2");
  await user.type(screen.getByLabelText("Date"), "2026-06-12");
  await user.selectOptions(screen.getByLabelText("Time"), "11:00");
}

describe("CreateBookingDialog", () => {
  it("lists services as 'title - $price', shows the file hint, and validates the required fields", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(screen.getByRole("dialog", { name: "Create New Booking" })).toBeInTheDocument();
    expect(await screen.findByRole("option", { name: "Portrait Session - $299" })).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Wedding Film - $1,899.50" })).toBeInTheDocument();
    expect(
      screen.getByText("Supports Images (JPG, PNG, GIF, WebP) & Documents (PDF, DOC, DOCX, TXT)"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Upload File")).toHaveAttribute("accept", "image/*,.pdf,.doc,.docx,.txt");
    await user.click(screen.getByRole("button", { name: "Create Booking" }));
    for (const message of [
      MESSAGES.booking.nameRequired,
      MESSAGES.booking.phoneRequired,
      MESSAGES.booking.serviceRequired,
      MESSAGES.booking.dateRequired,
      MESSAGES.booking.timeRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(MESSAGES.booking.emailRequired)).not.toHaveLength(0);
    expect(created).toEqual([]);
  });

  it("refuses an invalid email and a past date before calling the server", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillRequired(user);
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.clear(screen.getByLabelText("Date"));
    await user.type(screen.getByLabelText("Date"), "2026-04-30");
    await user.click(screen.getByRole("button", { name: "Create Booking" }));
    expect(await screen.findByText(MESSAGES.booking.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.booking.dateInPast)).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it("marks taken slots of the chosen day as unavailable", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText("Date"), "2026-06-12");
    const taken = await screen.findByRole("option", { name: "10:00 AM (taken)" });
    expect(taken).toBeDisabled();
    expect(screen.getByRole("option", { name: "11:00 AM" })).not.toBeDisabled();
  });

  it("uploads the file with 'Uploading...', previews it 'Ready to submit', then creates the booking ('Creating...')", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillRequired(user);
    await user.type(screen.getByLabelText("Message"), "Lakeside ceremony");
    await user.upload(
      screen.getByLabelText("Upload File"),
      new File(["%PDF-1.4"], "brief.pdf", { type: "application/pdf" }),
    );
    expect(await screen.findByText("Uploading...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create Booking" })).toBeDisabled();
    await waitFor(() => expect(releaseUpload).not.toBeNull());
    releaseUpload?.();
    expect(await screen.findByText(/Ready to submit/)).toBeInTheDocument();
    expect(screen.getByText("brief.pdf")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Create Booking" }));
    expect(await screen.findByRole("button", { name: "Creating..." })).toBeDisabled();
    expect(await screen.findByText(MESSAGES.booking.created)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      name: "Ava Martin",
      email: "ava@example.com",
      phone: "+1 555 0100",
      service_id: 2,
      date: "2026-06-12",
      time: "11:00",
      message: "Lakeside ceremony",
      image: PROOF,
    });
    expect(String(created[0]?.idempotency_key)).toMatch(/^[\w-]{8,}$/);
  });

  it("shows the slot guard's conflict message and keeps the dialog open", async () => {
    createAnswer = () => trpcError(409, MESSAGES.booking.slotTaken, "CONFLICT");
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Create Booking" }));
    expect(await screen.findAllByText(MESSAGES.booking.slotTaken)).not.toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Create New Booking" })).toBeInTheDocument();
  });

  it("falls back to the specification's message when the server fails without one", async () => {
    createAnswer = () => trpcError(500, "boom", "INTERNAL_SERVER_ERROR");
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await fillRequired(user);
    await user.click(screen.getByRole("button", { name: "Create Booking" }));
    expect(await screen.findAllByText(MESSAGES.booking.createFailed)).not.toHaveLength(0);
  });

  it("shows the upload failure reason", async () => {
    server.use(
      http.post("*/api/upload/image", () =>
        HttpResponse.json(
          { success: false, message: MESSAGES.upload.tooLarge("12.0 MB", 10) },
          { status: 413 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.upload(
      screen.getByLabelText("Upload File"),
      new File(["x"], "scan.png", { type: "image/png" }),
    );
    expect(
      await screen.findAllByText(MESSAGES.upload.failedWithReason(MESSAGES.upload.tooLarge("12.0 MB", 10))),
    ).not.toHaveLength(0);
  });

  it("Cancel closes and resets the form", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText("Customer Name"), "Someone");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByLabelText("Customer Name")).toHaveValue("");
  });

  it("Escape (like a backdrop click) closes and resets the form", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByLabelText("Customer Name"), "Someone");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByLabelText("Customer Name")).toHaveValue("");
  });
});
