import { MESSAGES } from "@studio/validators";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { GalleryView } from "./gallery-page";

const TOKEN = "t".repeat(43);
const studio = { name: "Lumen Studio", logo: null, emails: ["hello@lumen.test"], phones: ["+1 555 0100"] };

type Item = {
  id: number;
  name: string;
  kind: "image" | "video";
  src: string;
  srcset: string;
  favourite: boolean;
  note: string;
};
let items: Item[];
let sent: boolean;
let calls: string[];

const view = (over: Record<string, unknown> = {}) => ({
  status: "open",
  title: "Ann & Bo",
  client_name: "Ann",
  cover: null,
  downloads: "all",
  has_pin: false,
  selection_limit: 2,
  selection_state: sent ? "sent" : "open",
  favourite_count: items.filter((i) => i.favourite).length,
  sets: [{ id: 1, name: "Ceremony", count: items.length }],
  studio,
  ...over,
});

let openAnswer: () => unknown = () => view();
const server = setupServer(
  ...trpcHandlers({
    "galleryView.open": () => openAnswer(),
    "galleryView.items": () => ({ items, page: 1, pages: 1, total: items.length }),
    "galleryView.favourite": (input) => {
      const { item_id, favourite } = input as { item_id: number; favourite: boolean };
      calls.push(`favourite:${item_id}:${favourite}`);
      const count = items.filter((i) => i.favourite).length;
      if (favourite && count >= 2) return trpcError(409, MESSAGES.gallery.selectionFull(2), "CONFLICT");
      items = items.map((i) => (i.id === item_id ? { ...i, favourite } : i));
      return { favourite, favourite_count: items.filter((i) => i.favourite).length };
    },
    "galleryView.note": (input) => {
      const { note } = input as { note: string };
      calls.push(`note:${note}`);
      return { note };
    },
    "galleryView.sendSelection": () => {
      sent = true;
      return { selection_state: "sent", count: items.filter((i) => i.favourite).length };
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
beforeEach(() => {
  sent = false;
  calls = [];
  openAnswer = () => view();
  items = [1, 2, 3].map((id) => ({
    id,
    name: `IMG_${id}.jpg`,
    kind: "image" as const,
    src: `/uploads/private/${id}-960.webp?sig=x`,
    srcset: `/uploads/private/${id}-480.webp?sig=x 480w, /uploads/private/${id}-960.webp?sig=x 960w`,
    favourite: false,
    note: "",
  }));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe("the client's gallery", () => {
  it("shows responsive lazy images, counts favourites against the limit and refuses one more", async () => {
    const user = userEvent.setup();
    renderWithProviders(<GalleryView token={TOKEN} />);
    const img = await screen.findByAltText("IMG_3.jpg");
    expect(screen.getByRole("list", { name: "Photos" })).toContainElement(img);
    expect(img.getAttribute("srcset")).toContain("480w");
    expect(img.getAttribute("sizes")).toBeTruthy();
    expect(screen.getByTestId("favourite-counter")).toHaveTextContent("0 of 2 chosen");

    await user.click(screen.getByRole("button", { name: "Add IMG_1.jpg to favourites" }));
    await user.click(screen.getByRole("button", { name: "Add IMG_2.jpg to favourites" }));
    await waitFor(() => expect(screen.getByTestId("favourite-counter")).toHaveTextContent("2 of 2 chosen"));
    expect(screen.getByRole("button", { name: "Remove IMG_1.jpg from favourites" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Add IMG_3.jpg to favourites" }));
    expect(await screen.findByText(MESSAGES.gallery.selectionFull(2))).toBeInTheDocument();
    expect(screen.getByTestId("favourite-counter")).toHaveTextContent("2 of 2 chosen");
  });

  it("opens the lightbox; arrow keys and swipes move, Escape closes; a note is saved", async () => {
    const user = userEvent.setup();
    renderWithProviders(<GalleryView token={TOKEN} />);
    await user.click(await screen.findByRole("button", { name: "Open IMG_1.jpg" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/1 of 3/)).toBeInTheDocument();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog).getByText(/2 of 3/)).toBeInTheDocument();
    expect(within(dialog).getByAltText("IMG_2.jpg")).toBeInTheDocument();
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByText(/1 of 3/)).toBeInTheDocument();
    // A swipe to the left shows the next one.
    const stage = within(dialog).getByTestId("lightbox-stage");
    fireEvent.pointerDown(stage, { clientX: 300 });
    fireEvent.pointerUp(stage, { clientX: 100 });
    expect(within(dialog).getByText(/2 of 3/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Note for the studio"), "Crop tighter");
    await user.click(within(dialog).getByRole("button", { name: "Save note" }));
    await waitFor(() => expect(calls).toContain("note:Crop tighter"));

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("sends the selection and then locks the hearts", async () => {
    const user = userEvent.setup();
    renderWithProviders(<GalleryView token={TOKEN} />);
    await user.click(await screen.findByRole("button", { name: "Add IMG_1.jpg to favourites" }));
    await waitFor(() => expect(screen.getByTestId("favourite-counter")).toHaveTextContent("1 of 2"));
    await user.click(screen.getByRole("button", { name: "Send my selection" }));
    expect(await screen.findByText(MESSAGES.gallery.selectionLocked)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send my selection" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add IMG_2.jpg to favourites" })).toBeDisabled();
  });

  it("an expired link says so, with the studio's contact details", async () => {
    openAnswer = () => ({ status: "expired", title: "Ann & Bo", studio });
    renderWithProviders(<GalleryView token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: MESSAGES.gallery.expired })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "hello@lumen.test" })).toHaveAttribute(
      "href",
      "mailto:hello@lumen.test",
    );
  });

  it("an unknown link says it is not valid", async () => {
    openAnswer = () => trpcError(404, MESSAGES.gallery.linkInvalid, "NOT_FOUND");
    renderWithProviders(<GalleryView token={TOKEN} />);
    expect(await screen.findByText(MESSAGES.gallery.linkInvalid)).toBeInTheDocument();
  });
});
