import { type GalleryClientItem, MESSAGES } from "@studio/validators";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import { rgbaToThumbHash } from "thumbhash";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcError, trpcHandlers } from "../../test/trpc-msw";
import { GalleryView } from "./gallery-page";

const TOKEN = "t".repeat(43);
const studio = { name: "Lumen Studio", logo: null, emails: ["hello@lumen.test"], phones: ["+1 555 0100"] };

type Item = GalleryClientItem;
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
  expires_on: null,
  time_zone: "Europe/Berlin",
  studio,
  ...over,
});

let openAnswer: () => unknown = () => view();
const server = setupServer(
  ...trpcHandlers({
    "galleryView.open": () => openAnswer(),
    "galleryView.items": () => ({ set_id: 1, items, page: 1, pages: 1, total: items.length }),
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
  items = [1, 2, 3].map((id) => photo(id));
});
afterEach(() => server.resetHandlers());

/** A real ThumbHash (a 4 × 3 orange picture), base64 as the server sends it. */
const HASH = Buffer.from(
  rgbaToThumbHash(
    4,
    3,
    new Uint8Array(4 * 3 * 4).fill(200).map((v, i) => (i % 4 === 2 ? 40 : v)),
  ),
).toString("base64");

function photo(id: number, over: Partial<Item> = {}): Item {
  const set = (format: string) =>
    [480, 1024, 2048].map((w) => `/uploads/private/u${id}/w${w}.${format}?sig=x ${w}w`).join(", ");
  return {
    id,
    name: `IMG_${id}.jpg`,
    kind: "image",
    state: "ready",
    width: 3000,
    height: 2000,
    placeholder: HASH,
    src: `/uploads/private/u${id}/w2048.webp?sig=x`,
    avif: set("avif"),
    webp: set("webp"),
    poster: null,
    video: null,
    favourite: false,
    note: "",
    ...over,
  };
}
afterAll(() => server.close());

describe("the client's gallery", () => {
  it("shows responsive lazy images, counts favourites against the limit and refuses one more", async () => {
    const user = userEvent.setup();
    renderWithProviders(<GalleryView token={TOKEN} />);
    const img = await screen.findByAltText("IMG_3.jpg");
    expect(screen.getByRole("list", { name: "Photos" })).toContainElement(img);
    // A <picture>: AVIF first, then WebP, each with its widths and the grid's sizes; the size from the asset.
    const sources = img.parentElement!.querySelectorAll("source");
    expect([...sources].map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]!.getAttribute("srcset")).toContain("/w480.avif?sig=x 480w");
    expect(sources[1]!.getAttribute("srcset")).toContain("/w2048.webp?sig=x 2048w");
    expect(sources[0]!.getAttribute("sizes")).toBeTruthy();
    expect(img).toHaveAttribute("width", "3000");
    expect(img).toHaveAttribute("height", "2000");
    // The ThumbHash is painted under it before it loads.
    expect(img.style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/);
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

  it("a video shows its poster in the grid and plays its H.264 preview in the lightbox", async () => {
    const user = userEvent.setup();
    items = [
      photo(1),
      photo(2, {
        name: "CLIP_2.mp4",
        kind: "video",
        src: "/uploads/private/u2/poster.jpg?sig=x",
        avif: "",
        webp: "",
        poster: "/uploads/private/u2/poster.jpg?sig=x",
        video: "/uploads/private/u2/preview.mp4?sig=x",
      }),
    ];
    renderWithProviders(<GalleryView token={TOKEN} />);
    const poster = await screen.findByAltText("CLIP_2.mp4");
    expect(poster).toHaveAttribute("src", "/uploads/private/u2/poster.jpg?sig=x");
    await user.click(screen.getByRole("button", { name: "Open CLIP_2.mp4" }));
    const dialog = await screen.findByRole("dialog");
    const video = dialog.querySelector("video")!;
    expect(video).toHaveAttribute("src", "/uploads/private/u2/preview.mp4?sig=x");
    expect(video).toHaveAttribute("poster", "/uploads/private/u2/poster.jpg?sig=x");
    expect(video).toHaveAttribute("controls");
  });

  it("an item still being processed is a neutral placeholder, never an image, and cannot be downloaded yet", async () => {
    const user = userEvent.setup();
    items = [
      photo(1),
      photo(2, {
        state: "processing",
        src: null,
        avif: "",
        webp: "",
        placeholder: null,
        width: null,
        height: null,
      }),
    ];
    renderWithProviders(<GalleryView token={TOKEN} />);
    await screen.findByAltText("IMG_1.jpg");
    expect(screen.queryByAltText("IMG_2.jpg")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open IMG_2.jpg" })).toHaveTextContent("Preparing…");
    await user.click(screen.getByRole("button", { name: "Open IMG_2.jpg" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("img")).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Download original" })).toBeDisabled();
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog).getByRole("button", { name: "Download original" })).toBeEnabled();
  });

  it("takes away the cover the server's HTML drew once it draws its own", async () => {
    const boot = document.createElement("div");
    boot.id = "gallery-boot";
    document.body.append(boot);
    openAnswer = () =>
      view({ cover: { src: "/uploads/private/u1/w1024.webp?sig=x", avif: "", webp: "", placeholder: null } });
    renderWithProviders(<GalleryView token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "Ann & Bo" })).toBeInTheDocument();
    expect(document.getElementById("gallery-boot")).toBeNull();
  });

  it("says until when the link works, on the studio's clock", async () => {
    openAnswer = () => view({ expires_on: "2030-03-01" });
    renderWithProviders(<GalleryView token={TOKEN} />);
    expect(await screen.findByTestId("gallery-expiry")).toHaveTextContent(
      "Available until the end of Friday, 1 March 2030 (Berlin time)",
    );
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
