import { MESSAGES } from "@studio/validators";
import { screen, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { ServicesManager } from "./services-manager";

const service = (id: number, title: string, category: string, over: object = {}) => ({
  id,
  title,
  description: "d",
  category,
  price: 100,
  duration: "2 hours",
  duration_minutes: 120,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  duration_days: 1,
  start_every_minutes: 60,
  duration_unread: false,
  features: [],
  image: null,
  icon: null,
  created_at: "2026-01-01T00:00:00.000Z",
  archived: false,
  bookings: 0,
  ...over,
});

const server = setupServer(
  ...trpcHandlers({
    "services.adminList": () => [
      service(1, "Aerial Tour", "drone-services"),
      service(2, "Colour Grade", "vfx-post"),
      service(3, "Feature Shoot", "cinematography", {
        duration: "Evening",
        duration_minutes: 60,
        duration_unread: true,
        buffer_before_minutes: 30,
        buffer_after_minutes: 45,
        duration_days: 1,
        start_every_minutes: 60,
      }),
    ],
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("the back office's services list", () => {
  it("names each service's category as the public site does", async () => {
    renderWithProviders(<ServicesManager heading="none" />);
    const card = async (title: string) =>
      (await screen.findByRole("heading", { name: title })).closest("article") as HTMLElement;
    expect(within(await card("Aerial Tour")).getByText("Drone Services")).toBeVisible();
    expect(within(await card("Colour Grade")).getByText("VFX & Post")).toBeVisible();
    expect(within(await card("Feature Shoot")).getByText("Cinematography")).toBeVisible();
    expect(screen.queryByText(/^(Drone|Editing|DRONE|EDITING)$/)).toBeNull();
  });

  it("shows each session's length and buffers, and lists services whose length is a guess", async () => {
    renderWithProviders(<ServicesManager heading="none" />);
    const party = (await screen.findByRole("heading", { name: "Feature Shoot" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(party).getByText("Evening · 1 hour (+30 min before, 45 min after)")).toBeVisible();
    expect(within(party).getByText(MESSAGES.admin.services.lengthUnread)).toBeVisible();
    const aerial = (await screen.findByRole("heading", { name: "Aerial Tour" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(aerial).getByText("2 hours")).toBeVisible();
    expect(within(aerial).queryByText(MESSAGES.admin.services.lengthUnread)).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(MESSAGES.admin.services.lengthUnreadNotice(1));
  });
});
