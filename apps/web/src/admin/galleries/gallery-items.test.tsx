import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GalleryItems, moveItem } from "./gallery-items";
import { uploadIdOf } from "./gallery-uploader";

const items = ["a.jpg", "b.jpg", "c.jpg"].map((name, i) => ({
  id: i + 1,
  name,
  kind: "image" as const,
  thumb_url: null,
  favourite: i === 1,
  note: i === 1 ? "Brighter" : "",
}));

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
  });

  it("moveItem and uploadIdOf", () => {
    expect(moveItem([1, 2, 3], 0, 2)).toEqual([2, 3, 1]);
    expect(moveItem([1, 2, 3], 0, 5)).toEqual([1, 2, 3]);
    const id = "2f8e0c1a-1b2c-4d5e-8f90-123456789abc";
    expect(uploadIdOf(`http://x/uploads/private/${id}.jpg`)).toBe(id);
    expect(uploadIdOf("/uploads/media/x.jpg")).toBeNull();
  });
});
