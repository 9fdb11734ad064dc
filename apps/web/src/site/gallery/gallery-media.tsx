/**
 * One gallery item's picture, as the grid and the lightbox show it: a <picture> with the AVIF and WebP
 * srcsets of the media pipeline (the browser takes the first format it decodes and the width `sizes` asks for),
 * the ThumbHash painted underneath until it arrives, width and height from the asset. A video shows its poster
 * (the lightbox plays its H.264 preview). An item still being processed, or that could not be, is a neutral
 * box with words: never a broken image.
 */
import type { GalleryClientItem } from "@studio/validators";
import { placeholderStyle } from "./placeholder";

export function ItemPicture({
  item,
  sizes,
  fit,
  loading = "lazy",
  priority = false,
}: {
  item: GalleryClientItem;
  sizes: string;
  fit: "cover" | "contain";
  loading?: "lazy" | "eager";
  priority?: boolean;
}) {
  const style = placeholderStyle(item.placeholder, fit);
  const fitClass = fit === "cover" ? "object-cover" : "object-contain";
  if (item.state !== "ready" || !item.src) {
    return (
      <span
        className="flex h-full w-full items-center justify-center bg-neutral-800 p-2 text-center text-xs text-white/70"
        style={style}
        data-testid="item-pending"
      >
        {item.state === "failed" ? "Not available" : item.state === "processing" ? "Preparing…" : ""}
      </span>
    );
  }
  return (
    <picture className="block h-full w-full">
      {item.avif ? <source type="image/avif" srcSet={item.avif} sizes={sizes} /> : null}
      {item.webp ? <source type="image/webp" srcSet={item.webp} sizes={sizes} /> : null}
      <img
        src={item.src}
        alt={item.name}
        width={item.width ?? 480}
        height={item.height ?? 480}
        loading={loading}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        draggable={false}
        className={`h-full w-full ${fitClass}`}
        style={style}
      />
    </picture>
  );
}
