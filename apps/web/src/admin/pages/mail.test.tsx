import type { MailListItem } from "@studio/validators";
import { screen } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import AdminMailPage from "./mail";

const item = (id: number, patch: Partial<MailListItem>): MailListItem => ({
  id,
  kind: "booking.received",
  status: "sent",
  recipients: "ann@client.test",
  subject: `Message ${id}`,
  attempts: 1,
  last_error: null,
  note: null,
  created_at: "2031-03-01T10:00:00.000Z",
  sent_at: "2031-03-01T10:00:05.000Z",
  next_attempt_at: null,
  booking_id: 4,
  ...patch,
});

const REMIND_AT = "2031-03-09T17:00:00.000Z";
const RETRY_AT = "2031-03-01T10:05:00.000Z";
const server = setupServer(
  ...trpcHandlers({
    "mail.list": () => ({
      items: [
        item(3, {
          kind: "booking.reminder",
          status: "pending",
          subject: "Reminder: Portrait Session tomorrow at 10:00 AM",
          attempts: 0,
          sent_at: null,
          next_attempt_at: REMIND_AT,
        }),
        item(2, {
          status: "pending",
          attempts: 2,
          sent_at: null,
          last_error: "Timed out",
          next_attempt_at: RETRY_AT,
        }),
        item(1, {}),
      ],
      next_cursor: null,
      mail_enabled: true,
      retention_days: 90,
    }),
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("Mail page", () => {
  it("says how long messages are kept, when a waiting reminder goes out and when a failed send is tried again", async () => {
    renderWithProviders(<AdminMailPage />);
    expect(
      await screen.findByText(
        /Messages are kept for 90 days after they are sent \(or given up on\), then deleted\./,
      ),
    ).toBeInTheDocument();
    const [reminder, retry, sent] = await screen.findAllByTestId("mail-item");
    // On the studio's clock (Asia/Kolkata in these tests, 5:30 ahead of UTC), not the machine's.
    expect(reminder).toHaveTextContent("Will be sent 9 Mar 2031, 10:30 PM");
    expect(retry).toHaveTextContent("Next attempt 1 Mar 2031, 3:35 PM");
    expect(screen.getByTestId("studio-zone")).toHaveTextContent("Times in Asia/Kolkata");
    expect(sent).not.toHaveTextContent(/Will be sent|Next attempt/);
  });
});
