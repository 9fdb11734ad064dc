import type { PortfolioItemDto } from "@studio/validators";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { PortfolioSection } from "./portfolio-section";

const item = (
  id: number,
  title: string,
  category: PortfolioItemDto["category"],
  over: Partial<PortfolioItemDto> = {},
) =>
  ({
    id,
    title,
    description: `${title} description`,
    category,
    client: null,
    date: null,
    location: null,
    tags: ["one", "two", "three", "four"],
    featured: false,
    status: "published",
    media_url: "/media/aerial.jpg",
    media_type: "image",
    created_at: "2026-01-01T00:00:00.000Z",
    ...over,
  }) satisfies PortfolioItemDto;

const ITEMS = [
  item(1, "Coastline", "drone-services", { featured: true }),
  item(2, "Grade Reel", "vfx-post"),
  item(3, "Golden Hour", "photography"),
  item(4, "Secret Draft", "photography", { status: "draft" }),
];
const server = setupServer(...trpcHandlers({ "portfolio.list": () => ITEMS }));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("PortfolioSection", () => {
  it("shows published items with a featured badge and at most three tags, and filters by category", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortfolioSection />);
    const card = (await screen.findByRole("heading", { name: "Coastline" })).closest("article")!;
    expect(within(card).getByText("Featured")).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["one", "two", "three"]);
    expect(screen.queryByText("Secret Draft")).toBeNull();

    await user.click(screen.getByRole("button", { name: "VFX & Post" }));
    expect(screen.getByRole("button", { name: "VFX & Post" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("heading", { name: "Grade Reel" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coastline" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Commercial" }));
    expect(screen.getByText(/No projects in this category yet/)).toBeInTheDocument();
  });

  it("opens the lightbox from Quick View; arrows move and wrap, thumbnails jump, Escape closes", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PortfolioSection />);
    await user.click(await screen.findByRole("button", { name: "Quick View: Grade Reel" }));
    const box = screen.getByRole("dialog", { name: "Grade Reel" });
    expect(within(box).getByText("2 of 3")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("dialog", { name: "Golden Hour" })).toBeInTheDocument();
    expect(screen.getByText("3 of 3")).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByText("1 of 3")).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(screen.getByText("3 of 3")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show Coastline" }));
    expect(screen.getByRole("dialog", { name: "Coastline" })).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
