/**
 * The client's grid: square cells (no layout shift whatever the photo's shape), each photo's ThumbHash painted
 * first, then the smallest fitting AVIF or WebP variant (srcset + sizes), loaded lazily below the first rows. A
 * video shows its poster with a play mark. A page holds at most GALLERY_PAGE_SIZE cells, so the DOM stays small
 * for a 1,000-photo gallery.
 */
import type { GalleryClientItem } from "@studio/validators";
import { ItemPicture } from "./gallery-media";

/** The grid's column widths: 2 columns on a phone, 4 from 768 px, 5 from 1280 px in a 1152 px wide page. */
export const GRID_SIZES = "(min-width: 1280px) 230px, (min-width: 768px) 25vw, 50vw";
/** Cells in the first screenful on a phone: loaded at once (the rest lazily). */
const EAGER = 6;

export function GalleryGrid({
  items,
  onOpen,
  onFavourite,
  canFavourite,
}: {
  items: GalleryClientItem[];
  onOpen: (index: number) => void;
  onFavourite: (item: GalleryClientItem) => void;
  canFavourite: boolean;
}) {
  return (
    <ul className="grid grid-cols-2 gap-1.5 sm:gap-2 md:grid-cols-4 xl:grid-cols-5" aria-label="Photos">
      {items.map((item, index) => (
        <li key={item.id} className="relative aspect-square overflow-hidden rounded-md bg-neutral-800">
          <button
            type="button"
            className="block h-full w-full focus:outline-none focus-visible:ring-2 focus-visible:ring-accent"
            onClick={() => onOpen(index)}
            aria-label={`Open ${item.name}`}
          >
            <ItemPicture
              item={item}
              sizes={GRID_SIZES}
              fit="cover"
              loading={index < EAGER ? "eager" : "lazy"}
              priority={index < 2}
            />
            {item.kind === "video" && item.state === "ready" ? (
              <span
                className="pointer-events-none absolute inset-0 flex items-center justify-center text-3xl text-white/90 [text-shadow:0_1px_4px_rgb(0_0_0/0.6)]"
                aria-hidden="true"
              >
                ▶
              </span>
            ) : null}
          </button>
          <button
            type="button"
            aria-pressed={item.favourite}
            aria-label={`${item.favourite ? "Remove" : "Add"} ${item.name} ${item.favourite ? "from" : "to"} favourites`}
            disabled={!canFavourite}
            onClick={() => onFavourite(item)}
            className={`absolute right-1.5 top-1.5 flex h-10 w-10 items-center justify-center rounded-full bg-black/55 text-xl disabled:opacity-60 ${item.favourite ? "text-rose-400" : "text-white"}`}
          >
            <span aria-hidden="true">{item.favourite ? "♥" : "♡"}</span>
          </button>
          {item.note ? (
            <span
              className="absolute bottom-1.5 left-1.5 rounded bg-black/60 px-1.5 text-xs text-white"
              aria-label="Has a note"
            >
              ✎
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
