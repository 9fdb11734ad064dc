/**
 * A set's items as a grid: drag one onto another to move it there, or use its ← → buttons (keyboard); set the
 * cover, delete. The new order is saved at once (galleries.orderItems). Each uploaded file shows its processing
 * (waiting, a percentage, ready, or why it failed) as the live stream reports it.
 */
import type { GalleryAdminItem, GalleryItemMedia } from "@studio/validators";
import { useEffect, useState } from "react";
import { currentMedia, useMediaLive } from "../lib/media-progress";
import { Icon } from "../ui/icons";

/** The processing of one file: the gallery's last read, overtaken by what the live stream said since. */
export function ProcessingState({ name, media }: { name: string; media: GalleryItemMedia }) {
  const live = useMediaLive(media.id);
  const now = currentMedia(media, live);
  if (now.status === "ready")
    return (
      <p className="text-xs text-emerald-300" data-testid="processing-state">
        Ready
      </p>
    );
  if (now.status === "failed")
    return (
      <p className="text-xs text-red-300 [overflow-wrap:anywhere]" data-testid="processing-state">
        Failed: {now.error ?? "the file could not be processed"}
      </p>
    );
  const label = now.status === "pending" ? "Waiting to process" : `Processing ${now.progress}%`;
  return (
    <div className="text-xs text-white/70" data-testid="processing-state">
      <span>{label}</span>
      <progress
        aria-label={`${name}: ${label.toLowerCase()}`}
        className="mt-0.5 block h-1 w-full accent-amber-500"
        max={100}
        value={now.status === "pending" ? 0 : now.progress}
      />
    </div>
  );
}

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

export function GalleryItems({
  items,
  coverItemId,
  onOrder,
  onCover,
  onDelete,
}: {
  items: GalleryAdminItem[];
  coverItemId: number | null;
  onOrder: (ids: number[]) => void;
  onCover: (item: GalleryAdminItem) => void;
  onDelete: (item: GalleryAdminItem) => void;
}) {
  const [order, setOrder] = useState(items);
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => setOrder(items), [items]);

  const commit = (next: GalleryAdminItem[]) => {
    setOrder(next);
    onOrder(next.map((i) => i.id));
  };

  if (order.length === 0) {
    return (
      <p className="rounded-xl bg-white/5 p-6 text-center text-sm text-white/70">
        No photos in this set yet.
      </p>
    );
  }
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      aria-label="Photos and videos, in order"
    >
      {order.map((item, index) => (
        <li
          key={item.id}
          draggable
          onDragStart={() => setDragging(index)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            if (dragging !== null) commit(moveItem(order, dragging, index));
            setDragging(null);
          }}
          onDragEnd={() => setDragging(null)}
          className={`overflow-hidden rounded-xl border bg-ink-soft ${dragging === index ? "border-accent opacity-60" : "border-ink-line"}`}
        >
          <div className="relative aspect-square bg-white/5">
            {item.thumb_url ? (
              <img
                src={item.thumb_url}
                alt=""
                className="h-full w-full object-cover"
                loading="lazy"
                draggable={false}
              />
            ) : (
              <div className="flex h-full items-center justify-center text-white/50">
                <Icon name={item.kind === "video" ? "video" : "file"} className="h-8 w-8" />
              </div>
            )}
            {coverItemId === item.id ? (
              <span className="absolute left-2 top-2 rounded-full bg-amber-500 px-2 py-0.5 text-xs font-bold text-black">
                Cover
              </span>
            ) : null}
            {item.favourite ? (
              <span className="absolute right-2 top-2 rounded-full bg-black/70 px-2 py-0.5 text-xs text-rose-300">
                ♥ Chosen
              </span>
            ) : null}
          </div>
          <div className="p-2">
            <p className="truncate text-xs text-white/85" title={item.name}>
              {item.name}
            </p>
            {item.media ? <ProcessingState name={item.name} media={item.media} /> : null}
            {item.note ? <p className="truncate text-xs italic text-white/60">“{item.note}”</p> : null}
            <div className="mt-1 flex flex-wrap gap-1">
              <button
                type="button"
                className="rounded px-1.5 py-1 text-xs hover:bg-white/10 disabled:opacity-30"
                aria-label={`Move ${item.name} earlier`}
                disabled={index === 0}
                onClick={() => commit(moveItem(order, index, index - 1))}
              >
                ←
              </button>
              <button
                type="button"
                className="rounded px-1.5 py-1 text-xs hover:bg-white/10 disabled:opacity-30"
                aria-label={`Move ${item.name} later`}
                disabled={index === order.length - 1}
                onClick={() => commit(moveItem(order, index, index + 1))}
              >
                →
              </button>
              {item.kind === "image" && coverItemId !== item.id ? (
                <button
                  type="button"
                  className="rounded px-1.5 py-1 text-xs hover:bg-white/10"
                  aria-label={`Make ${item.name} the cover`}
                  onClick={() => onCover(item)}
                >
                  Make cover
                </button>
              ) : null}
              <button
                type="button"
                className="ml-auto rounded px-1.5 py-1 text-xs text-red-300 hover:bg-white/10"
                aria-label={`Delete ${item.name}`}
                onClick={() => onDelete(item)}
              >
                <Icon name="trash" className="h-3.5 w-3.5" />
              </button>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
