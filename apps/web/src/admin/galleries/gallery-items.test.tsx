import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyMediaEvent, resetMediaProgress } from "../lib/media-progress";
import { GalleryItems, moveItem } from "./gallery-items";

const items = ["a.jpg", "b.jpg", "c.jpg"].map((name, i) => ({
  id: i + 1,
  name,
  kind: "image" as const,
  thumb_url: null,
  favourite: i === 1,
  note: i === 1 ? "Brighter" : "",
  media: null,
}));

afterEach(() => resetMediaProgress());

/** A message of the live stream, as GET /api/live sends it. */
const live = (type: string, entityId: number, status: string) =>
  act(() => {
    applyMediaEvent(type, JSON.stringify({ id: 1, type, entityId, status }));
  });

describe("gallery items in the back office", () => {
  it("moves an item with its buttons and saves the whole order; the ends cannot move further", async () => {
    const onOrder = vi.fn();
    const user = userEvent.setup();
    render(
      <GalleryItems items={items} coverItemId={1} onOrder={onOrder} onCover={vi.fn()} onDelete={vi.fn()} />,
    );
    expect(screen.getByRole("button", { name: "Move a.jpg earlier" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move c.jpg later" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move c.jpg earlier" }));
    expect(onOrder).toHaveBeenLastCalledWith([1, 3, 2]);
    expect(screen.getAllByRole("listitem").map((li) => li.textContent?.match(/[abc]\.jpg/)?.[0])).toEqual([
      "a.jpg",
      "c.jpg",
      "b.jpg",
    ]);
    // The cover has no "Make cover"; the client's favourite and note show.
    expect(screen.queryByRole("button", { name: "Make a.jpg the cover" })).toBeNull();
    expect(screen.getByText("♥ Chosen")).toBeInTheDocument();
    expect(screen.getByText("“Brighter”")).toBeInTheDocument();
    // Files sent through the multipart route have no processing to show.
    expect(screen.queryByTestId("processing-state")).toBeNull();
  });

  it("shows each file's processing as the live stream reports it: waiting, a percentage, ready, or why it failed", () => {
    const uploaded = [
      { ...items[0]!, media: { id: 41, status: "pending" as const, progress: 0, error: null } },
      { ...items[1]!, media: { id: 42, status: "processing" as const, progress: 20, error: null } },
      { ...items[2]!, media: { id: 43, status: "ready" as const, progress: 100, error: null } },
    ];
    render(
      <GalleryItems
        items={uploaded}
        coverItemId={null}
        onOrder={vi.fn()}
        onCover={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    const states = () => screen.getAllByTestId("processing-state").map((s) => s.textContent);
    expect(states()).toEqual(["Waiting to process", "Processing 20%", "Ready"]);
    expect(screen.getByRole("progressbar", { name: "b.jpg: processing 20%" })).toHaveAttribute("value", "20");

    live("media.progress", 41, "35");
    live("media.progress", 42, "80");
    expect(states()).toEqual(["Processing 35%", "Processing 80%", "Ready"]);
    live("media.ready", 41, "100");
    live("media.failed", 42, "The photo could not be read: it may be damaged.");
    // A late percentage never undoes a finished file; another asset's events change nothing here.
    live("media.progress", 41, "90");
    live("media.ready", 99, "100");
    expect(states()).toEqual(["Ready", "Failed: The photo could not be read: it may be damaged.", "Ready"]);
  });

  it("moveItem", () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
  });
});
