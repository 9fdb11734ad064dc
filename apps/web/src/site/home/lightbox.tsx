import * as RadixDialog from "@radix-ui/react-dialog";
import { type KeyboardEvent, useRef } from "react";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, PlayIcon } from "../components/icons";
import { MediaImage } from "../components/media-image";
import { categoryLabel } from "../lib/labels";
import { mediaThumb } from "../lib/media";
import { isVideoItem } from "./portfolio-media";

export type LightboxItem = {
  id: number | string;
  title: string;
  description: string;
  category?: string;
  media_url: string | null;
  media_type?: "image" | "video" | null;
};

type Props = {
  items: LightboxItem[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/** Full-screen viewer: Escape closes, ←/→ move (wrapping), thumbnails jump, "n of total" counter. */
export function Lightbox({ items, index, onIndexChange, onClose }: Props) {
  const returnFocus = useRef<HTMLElement | null>(null);
  const item = items[index];
  if (!item) return null;
  const total = items.length;
  const go = (delta: number) => onIndexChange((index + delta + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  };
  const video = isVideoItem({ media_type: item.media_type ?? null, media_url: item.media_url });

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/95 backdrop-blur-sm" />
        <RadixDialog.Content
          onKeyDown={onKeyDown}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          aria-describedby={undefined}
        >
          <div className="flex items-center justify-between px-4 py-3 sm:px-8">
            <p className="text-sm font-medium text-white/75" aria-live="polite">
              {index + 1} of {total}
            </p>
            <RadixDialog.Close
              className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
              aria-label="Close"
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>

          <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-20">
            {item.media_url ? (
              video ? (
                <video
                  key={item.media_url}
                  src={item.media_url}
                  controls
                  autoPlay
                  muted
                  playsInline
                  className="max-h-full max-w-full rounded-xl"
                />
              ) : (
                <MediaImage
                  key={item.media_url}
                  src={item.media_url}
                  alt={item.title}
                  priority
                  sizes="100vw"
                  className="slide-in max-h-full max-w-full rounded-xl object-contain"
                />
              )
            ) : null}
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Previous item"
              className="absolute left-2 top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 backdrop-blur hover:bg-white/20 sm:left-6"
            >
              <ChevronLeftIcon className="h-6 w-6" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Next item"
              className="absolute right-2 top-1/2 inline-flex h-12 w-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 backdrop-blur hover:bg-white/20 sm:right-6"
            >
              <ChevronRightIcon className="h-6 w-6" />
            </button>
          </div>

          <div className="px-4 pb-4 pt-4 text-center sm:px-8">
            {item.category ? (
              <p className="text-xs font-semibold uppercase tracking-[0.3em] text-accent">
                {categoryLabel(item.category)}
              </p>
            ) : null}
            <RadixDialog.Title className="mt-1 font-display text-2xl font-bold [overflow-wrap:anywhere]">
              {item.title}
            </RadixDialog.Title>
            <p className="mx-auto mt-1 max-w-2xl text-sm text-white/70">{item.description}</p>
            <ul
              className="mx-auto mt-4 flex max-w-full justify-center gap-2 overflow-x-auto pb-1"
              aria-label="Thumbnails"
            >
              {items.map((thumb, i) => (
                <li key={thumb.id} className="shrink-0">
                  <button
                    type="button"
                    onClick={() => onIndexChange(i)}
                    aria-label={`Show ${thumb.title}`}
                    aria-current={i === index ? "true" : undefined}
                    className={`relative block h-14 w-20 overflow-hidden rounded-lg border-2 transition ${
                      i === index ? "border-accent" : "border-transparent opacity-60 hover:opacity-100"
                    }`}
                  >
                    {thumb.media_url &&
                    !isVideoItem({ media_type: thumb.media_type ?? null, media_url: thumb.media_url }) ? (
                      <img
                        src={mediaThumb(thumb.media_url)}
                        alt=""
                        loading="lazy"
                        className="h-full w-full object-cover"
                      />
                    ) : (
                      <span className="flex h-full w-full items-center justify-center bg-white/10">
                        <PlayIcon className="h-5 w-5" />
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
