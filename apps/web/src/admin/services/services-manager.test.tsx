import { screen, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { ServicesManager } from "./services-manager";

const service = (id: number, title: string, category: string) => ({
  id,
  title,
  description: "d",
  category,
  price: 100,
  duration: "2 hours",
  features: [],
  image: null,
  icon: null,
  created_at: "2026-01-01T00:00:00.000Z",
  archived: false,
  bookings: 0,
});

const server = setupServer(
  ...trpcHandlers({
    "services.adminList": () => [
      service(1, "Aerial Tour", "drone-services"),
      service(2, "Colour Grade", "vfx-post"),
      service(3, "Feature Shoot", "cinematography"),
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
});
