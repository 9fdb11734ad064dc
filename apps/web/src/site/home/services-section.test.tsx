import { MESSAGES, type ServiceDto } from "@studio/validators";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { SiteDialogsProvider } from "../dialogs";
import { ServicesSection } from "./services-section";

const service = (over: Partial<ServiceDto>): ServiceDto => ({
  id: 1,
  title: "Portrait Session",
  description:
    "A relaxed one-hour portrait session in our studio or on location, with direction, lighting and ten hand-retouched images.",
  category: "photography",
  price: 299,
  duration: "1 hour",
  duration_minutes: 60,
  buffer_before_minutes: 0,
  buffer_after_minutes: 0,
  duration_days: 1,
  start_every_minutes: 60,
  features: ["10 retouched images", "Studio or location", "Online gallery"],
  image: "/media/portrait.jpg",
  icon: null,
  created_at: "2026-01-01T00:00:00.000Z",
  archived: false,
  ...over,
});

let list: () => unknown = () => [
  service({}),
  service({
    id: 2,
    title: "Drone Flight",
    category: "drone-services",
    image: null,
    features: [],
    duration: null,
  }),
  service({ id: 3, title: "Launch Party", category: "unknown" as ServiceDto["category"], image: null }),
];
const server = setupServer(
  ...trpcHandlers({
    "services.list": () => list(),
    "site.config": () => ({ timeZone: "UTC", today: "2030-01-01", mapTileUrl: "x" }),
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const render = () =>
  renderWithProviders(
    <SiteDialogsProvider>
      <ServicesSection />
    </SiteDialogsProvider>,
  );

describe("ServicesSection", () => {
  it("shows a loading indicator, then cards with price, an 80-character description and the first feature", async () => {
    render();
    expect(screen.getByRole("status")).toHaveTextContent("Loading services...");
    const card = (await screen.findByRole("heading", { name: "Portrait Session" })).closest("article")!;
    expect(within(card).getByText("$299")).toBeInTheDocument();
    expect(
      within(card).getByText(
        "A relaxed one-hour portrait session in our studio or on location, with direction...",
      ),
    ).toBeInTheDocument();
    expect(within(card).getByText("1 hour")).toBeInTheDocument();
    expect(within(card).getByText("10 retouched im...")).toBeInTheDocument();
    expect(within(card).getByText("+2")).toBeInTheDocument();
    expect(screen.getByText("Ready to start your project?")).toBeInTheDocument();
  });

  it("falls back to the category's icon, and to a clapperboard for other categories, drawn as SVG", async () => {
    render();
    const drawn = (article: HTMLElement) => {
      const icon = within(article).getByRole("img");
      return {
        emoji: icon.querySelector("[data-emoji]")?.getAttribute("data-emoji"),
        svg: icon.querySelector("svg") !== null,
        text: icon.textContent,
      };
    };
    const drone = (await screen.findByRole("heading", { name: "Drone Flight" })).closest("article")!;
    expect(within(drone).getByRole("img", { name: "Drone Services service" })).toBeInTheDocument();
    expect(drawn(drone)).toEqual({ emoji: "🚁", svg: true, text: "" });
    const party = screen.getByRole("heading", { name: "Launch Party" }).closest("article")!;
    expect(drawn(party)).toEqual({ emoji: "🎬", svg: true, text: "" });
  });

  it("shows 'Failed to load services: ' with the reason", async () => {
    list = () => trpcError(400, "Bad things happened", "BAD_REQUEST");
    render();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to load services: Bad things happened",
    );
    expect(MESSAGES.service.loadFailed).toBe("Failed to load services: ");
    list = () => [service({})];
  });

  it("opens the detail dialog, closes it with Maybe Later, and Book This Service opens the booking with it", async () => {
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Learn More about Portrait Session" }));
    const dialog = screen.getByRole("dialog", { name: "Portrait Session" });
    for (const text of ["About This Service", "Estimated Duration", "What's Included", "Our Process"])
      expect(within(dialog).getByRole("heading", { name: text })).toBeInTheDocument();
    for (const step of ["Consultation", "Planning", "Production", "Delivery"])
      expect(within(dialog).getByText(step)).toBeInTheDocument();
    expect(within(dialog).getByText("Online gallery")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Maybe Later" }));
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Learn More about Portrait Session" }));
    await user.click(screen.getByRole("button", { name: "Book This Service" }));
    const booking = await screen.findByRole("dialog", { name: "Book a Session" });
    expect(screen.queryByRole("dialog", { name: "Portrait Session" })).toBeNull();
    await user.type(within(booking).getByLabelText("Name"), "A");
    await user.type(within(booking).getByLabelText("Email"), "a@b.co");
    await user.type(within(booking).getByLabelText("Phone"), "555 0100");
    await user.click(within(booking).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(within(booking).getByLabelText("Service")).toHaveValue("1"));
  });

  it("leaves Estimated Duration out when a service has none", async () => {
    list = () => [service({ id: 9, title: "Quick Edit", duration: null })];
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole("button", { name: "Learn More about Quick Edit" }));
    expect(within(screen.getByRole("dialog")).queryByText("Estimated Duration")).toBeNull();
  });
});
