import { MESSAGES, type PublicFeedbackDto } from "@studio/validators";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { starParts } from "../components/stars";
import { SiteDialogsProvider } from "../dialogs";
import { oneDecimal, TestimonialsSection } from "./testimonials-section";

const item = (id: number, name: string, rating: number, message: string): PublicFeedbackDto => ({
  id,
  name,
  rating,
  message,
  service_category: id % 2 ? "photography" : "",
  created_at: "2026-05-01T10:00:00.000Z",
});
const THREE = [
  item(3, "Priya", 5, "They captured our wedding beautifully."),
  item(2, "Marcus", 4, "On time and on budget."),
  item(1, "Aisha", 5, "Natural retouching."),
];

let approved: () => unknown = () => THREE;
let summary: () => unknown = () => ({ average_rating: 4.7, count: 3 });
let approvedCalls: unknown[] = [];
const server = setupServer(
  ...trpcHandlers({
    "feedback.approved": (input) => {
      approvedCalls.push(input);
      return approved();
    },
    "feedback.summary": () => summary(),
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  approved = () => THREE;
  summary = () => ({ average_rating: 4.7, count: 3 });
  approvedCalls = [];
  vi.useRealTimers();
});
afterAll(() => server.close());

const render = () =>
  renderWithProviders(
    <SiteDialogsProvider>
      <TestimonialsSection />
    </SiteDialogsProvider>,
  );
const currentSlide = () => screen.getByRole("group", { name: /of 3$/ });

describe("TestimonialsSection", () => {
  it("asks for the 10 latest approved testimonials and shows the average with one decimal and the count", async () => {
    render();
    expect(await screen.findByTestId("average-rating")).toHaveTextContent("4.7");
    expect(screen.getByText("Based on 3 reviews")).toBeInTheDocument();
    expect(approvedCalls[0]).toEqual({ limit: 10 });
    expect(currentSlide()).toHaveAccessibleName("1 of 3");
    expect(within(currentSlide()).getByText(/They captured our wedding/)).toBeInTheDocument();
  });

  it("uses the singular for one review and draws a half star from .5", async () => {
    approved = () => [THREE[0]];
    summary = () => ({ average_rating: 4.5, count: 1 });
    render();
    expect(await screen.findByText("Based on 1 review")).toBeInTheDocument();
    const stars = screen.getByRole("img", { name: "Average rating 4.5 out of 5" });
    expect(Array.from(stars.querySelectorAll("[data-star]")).map((s) => s.getAttribute("data-star"))).toEqual(
      ["full", "full", "full", "full", "half"],
    );
  });

  it("shows the empty state with a way to give the first feedback", async () => {
    approved = () => [];
    summary = () => ({ average_rating: 0, count: 0 });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(MESSAGES.feedback.noTestimonials)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Be the First to Share Feedback" }));
    expect(await screen.findByRole("dialog", { name: "Share Your Experience" })).toBeInTheDocument();
  });

  it("shows the same empty state when loading fails", async () => {
    approved = () => trpcError(503, MESSAGES.common.databaseUnavailable, "SERVICE_UNAVAILABLE");
    render();
    expect(
      await screen.findByText(MESSAGES.feedback.noTestimonials, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Be the First to Share Feedback" })).toBeInTheDocument();
  });

  it("moves with previous, next and dots (wrapping), and Share Your Experience opens the feedback dialog", async () => {
    const user = userEvent.setup();
    render();
    await screen.findByTestId("average-rating");
    await user.click(screen.getByRole("button", { name: "Previous testimonial" }));
    expect(currentSlide()).toHaveAccessibleName("3 of 3");
    await user.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(currentSlide()).toHaveAccessibleName("1 of 3");
    await user.click(screen.getByRole("button", { name: "Show testimonial 2" }));
    expect(currentSlide()).toHaveAccessibleName("2 of 3");
    expect(screen.getByRole("button", { name: "Show testimonial 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await user.click(screen.getByRole("link", { name: "Share Your Experience" }));
    expect(await screen.findByRole("dialog", { name: "Share Your Experience" })).toBeInTheDocument();
  });

  it("autoplays every 5 seconds until a control is used, then stops for good", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render();
    await screen.findByTestId("average-rating");
    expect(currentSlide()).toHaveAccessibleName("1 of 3");
    act(() => vi.advanceTimersByTime(5000));
    expect(currentSlide()).toHaveAccessibleName("2 of 3");
    await user.click(screen.getByRole("button", { name: "Next testimonial" }));
    expect(currentSlide()).toHaveAccessibleName("3 of 3");
    // Pointer left the carousel: only the explicit use of a control stops the autoplay.
    await user.unhover(screen.getByRole("region", { name: "Client testimonials" }));
    act(() => vi.advanceTimersByTime(15_000));
    expect(currentSlide()).toHaveAccessibleName("3 of 3");
  });
});

describe("rating helpers", () => {
  it("rounds to one decimal and splits stars into full, half and empty", () => {
    expect(oneDecimal(4.66)).toBe(4.7);
    expect(oneDecimal(4.44)).toBe(4.4);
    expect(starParts(3.5)).toEqual(["full", "full", "full", "half", "empty"]);
    expect(starParts(3.4)).toEqual(["full", "full", "full", "empty", "empty"]);
    expect(starParts(5)).toEqual(["full", "full", "full", "full", "full"]);
  });
});
