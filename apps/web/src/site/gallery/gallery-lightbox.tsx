/**
 * One photo or video at a time, over the grid: ← and → (keys, buttons, or a swipe) move, Esc closes (Radix
 * dialog: focus trapped and handed back). A photo is the full-screen <picture> (its ThumbHash first); a video
 * plays its H.264 preview, its poster shown until it starts. The heart, the note, and the downloads are here too.
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import type { GalleryClientItem } from "@studio/validators";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ItemPicture } from "./gallery-media";

const SWIPE_PX = 50;

export function GalleryLightbox({
  items,
  index,
  onIndex,
  onClose,
  onFavourite,
  canFavourite,
  onNote,
  actions,
}: {
  items: GalleryClientItem[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
  onFavourite: (item: GalleryClientItem) => void;
  canFavourite: boolean;
  onNote: (item: GalleryClientItem, note: string) => Promise<void>;
  actions?: (item: GalleryClientItem) => ReactNode;
}) {
  const item = index === null ? null : items[index];
  const startX = useRef<number | null>(null);
  const [note, setNote] = useState("");
  const [saved, setSaved] = useState(false);
  const shownId = item?.id;
  const shownNote = item?.note ?? "";
  // A new item (or its note saved elsewhere) shows its own note.
  // biome-ignore lint/correctness/useExhaustiveDependencies: shownId is the trigger, not a value read.
  useEffect(() => {
    setNote(shownNote);
    setSaved(false);
  }, [shownId, shownNote]);

  const go = (step: number) => {
    if (index === null) return;
    const next = index + step;
    if (next >= 0 && next < items.length) onIndex(next);
  };

  return (
    <RadixDialog.Root open={item != null} onOpenChange={(open) => (open ? null : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          onKeyDown={(e) => {
            if (e.target instanceof HTMLTextAreaElement) return;
            if (e.key === "ArrowRight") go(1);
            if (e.key === "ArrowLeft") go(-1);
          }}
        >
          {item ? (
            <>
              <div className="flex items-center gap-2 p-3">
                <RadixDialog.Title className="min-w-0 flex-1 truncate text-sm">
                  {item.name}{" "}
                  <span className="text-white/60">
                    ({(index ?? 0) + 1} of {items.length})
                  </span>
                </RadixDialog.Title>
                <button
                  type="button"
                  aria-pressed={item.favourite}
                  disabled={!canFavourite}
                  onClick={() => onFavourite(item)}
                  className={`rounded-full px-3 py-2 text-sm disabled:opacity-60 ${item.favourite ? "bg-rose-500/20 text-rose-300" : "bg-white/10"}`}
                >
                  {item.favourite ? "♥ Favourite" : "♡ Add to favourites"}
                </button>
                <RadixDialog.Close className="rounded-full bg-white/10 px-3 py-2 text-sm" aria-label="Close">
                  ✕
                </RadixDialog.Close>
              </div>
              <div
                className="relative flex min-h-0 flex-1 touch-pan-y items-center justify-center"
                onPointerDown={(e) => {
                  startX.current = e.clientX;
                }}
                onPointerUp={(e) => {
                  if (startX.current === null) return;
                  const dx = e.clientX - startX.current;
                  startX.current = null;
                  if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? 1 : -1);
                }}
                data-testid="lightbox-stage"
              >
                {item.kind === "video" && item.state === "ready" && item.video ? (
                  <video
                    key={item.id}
                    src={item.video}
                    poster={item.poster ?? undefined}
                    width={item.width ?? undefined}
                    height={item.height ?? undefined}
                    controls
                    playsInline
                    preload="metadata"
                    className="max-h-full max-w-full"
                  />
                ) : (
                  <div key={item.id} className="h-full w-full">
                    <ItemPicture item={item} sizes="100vw" fit="contain" loading="eager" priority />
                  </div>
                )}
                <button
                  type="button"
                  aria-label="Previous"
                  disabled={index === 0}
                  onClick={() => go(-1)}
                  className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-black/50 px-3 py-2 text-2xl disabled:opacity-20"
                >
                  ‹
                </button>
                <button
                  type="button"
                  aria-label="Next"
                  disabled={index === items.length - 1}
                  onClick={() => go(1)}
                  className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-black/50 px-3 py-2 text-2xl disabled:opacity-20"
                >
                  ›
                </button>
              </div>
              <form
                className="flex flex-wrap items-end gap-2 p-3"
                onSubmit={async (e) => {
                  e.preventDefault();
                  await onNote(item, note);
                  setSaved(true);
                }}
              >
                <label className="min-w-0 flex-1 basis-full text-xs text-white/75 sm:basis-0">
                  Note for the studio
                  <textarea
                    rows={1}
                    maxLength={1000}
                    value={note}
                    disabled={!canFavourite}
                    onChange={(e) => {
                      setNote(e.target.value);
                      setSaved(false);
                    }}
                    className="mt-1 block w-full rounded-lg border border-white/15 bg-black/40 p-2 text-sm text-white"
                  />
                </label>
                <button
                  type="submit"
                  disabled={!canFavourite}
                  className="rounded-lg bg-white/10 px-3 py-2 text-sm disabled:opacity-50"
                >
                  {saved ? "Saved" : "Save note"}
                </button>
                {actions?.(item)}
              </form>
            </>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
