import { CALENDAR_DISCONNECTED, type CalendarSyncStatus, MESSAGES } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { CalendarSyncSection } from "./calendar-sync-section";

const t = MESSAGES.calendarSync.admin;
const m = MESSAGES.calendarSync;

const DISCONNECTED: CalendarSyncStatus = CALENDAR_DISCONNECTED;
const CONNECTED: CalendarSyncStatus = {
  connected: true,
  url: "https://cal.example.com/dav/studio/work/",
  username: "studio",
  display_name: "Studio shoots",
  connected_at: "2030-01-10T09:00:00.000Z",
  last_synced_at: "2030-01-10T09:00:00.000Z",
  last_error: null,
  last_error_at: null,
  busy_events: 3,
};

let status = DISCONNECTED;
let calls: { path: string; input: unknown }[] = [];
let connectAnswer: (input: unknown) => unknown = () => ({ status: CONNECTED, message: m.connected });

const server = setupServer(
  ...trpcHandlers({
    "calendarSync.status": () => status,
    "calendarSync.connect": (input) => {
      calls.push({ path: "connect", input });
      return connectAnswer(input);
    },
    "calendarSync.syncNow": () => {
      calls.push({ path: "syncNow", input: null });
      return {
        status: { ...CONNECTED, last_error: m.credentialsRefused, last_error_at: "2030-01-10T10:00:00.000Z" },
        message: m.credentialsRefused,
      };
    },
    "calendarSync.disconnect": () => {
      calls.push({ path: "disconnect", input: null });
      return { status: DISCONNECTED, message: m.disconnected };
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  status = DISCONNECTED;
  calls = [];
  connectAnswer = () => ({ status: CONNECTED, message: m.connected });
});
afterAll(() => server.close());

const render = () => renderWithProviders(<CalendarSyncSection timeZone="Asia/Kolkata" />);

describe("Calendar sync section", () => {
  it("connects with labelled fields, checks them first, and then shows the calendar's status", async () => {
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole("region", { name: t.title });
    const url = await within(section).findByLabelText(t.url);
    const password = within(section).getByLabelText(t.password);
    expect(password).toHaveAttribute("type", "password");

    await user.click(within(section).getByRole("button", { name: t.connect }));
    expect(await within(section).findByText(m.urlRequired)).toBeInTheDocument();
    expect(within(section).getByText(m.usernameRequired)).toBeInTheDocument();
    expect(within(section).getByText(m.passwordRequired)).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(url, "https://cal.example.com/dav/studio/work");
    await user.type(within(section).getByLabelText(t.username), "studio");
    await user.type(password, "app pass word");
    await user.click(within(section).getByRole("button", { name: t.connect }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.input).toEqual({
      url: "https://cal.example.com/dav/studio/work/",
      username: "studio",
      password: "app pass word",
    });
    expect(await within(section).findByText(/Studio shoots/)).toBeInTheDocument();
    expect(within(section).getByRole("status")).toHaveTextContent(
      "Last synced 10 Jan 2030, 2:30 PM · 3 busy events block booking times",
    );
    expect(within(section).queryByLabelText(t.password)).toBeNull();
    expect(section).not.toHaveTextContent("app pass word");
  });

  it("shows the server's refusal on the field it concerns", async () => {
    const user = userEvent.setup();
    connectAnswer = () =>
      trpcError(400, m.credentialsRefused, "BAD_REQUEST", { password: m.credentialsRefused });
    render();
    const section = await screen.findByRole("region", { name: t.title });
    await user.type(await within(section).findByLabelText(t.url), "https://cal.example.com/dav/");
    await user.type(within(section).getByLabelText(t.username), "studio");
    await user.type(within(section).getByLabelText(t.password), "wrong");
    await user.click(within(section).getByRole("button", { name: t.connect }));
    const field = within(section).getByLabelText(t.password);
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(within(section).getByText(m.credentialsRefused)).toBeInTheDocument();
  });

  it("syncs now (showing the last error) and disconnects after confirming", async () => {
    const user = userEvent.setup();
    status = CONNECTED;
    render();
    const section = await screen.findByRole("region", { name: t.title });
    await user.click(await within(section).findByRole("button", { name: t.syncNow }));
    await waitFor(() =>
      expect(within(section).getByRole("status")).toHaveTextContent(
        `Last error (10 Jan 2030, 3:30 PM): ${m.credentialsRefused}`,
      ),
    );
    await user.click(within(section).getByRole("button", { name: t.disconnect }));
    const dialog = await screen.findByRole("dialog", { name: t.disconnectTitle });
    await user.click(within(dialog).getByRole("button", { name: t.disconnect }));
    expect(await within(section).findByLabelText(t.url)).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(["syncNow", "disconnect"]);
  });
});
