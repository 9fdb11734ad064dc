/** One gallery in the back office: its link and actions, sets as tabs, the uploader, items, selection and log. */
import { GALLERY_DOWNLOAD_LABELS, type GalleryDetail, MESSAGES, galleryExpiryText } from "@studio/validators";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { useConfirm } from "../ui/confirm-dialog";
import { Icon } from "../ui/icons";
import { GalleryFormDialog } from "./gallery-form";
import { GalleryItems } from "./gallery-items";
import { GalleryUploader } from "./gallery-uploader";

function saveText(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

function SetNameDialog({
  open,
  onOpenChange,
  title,
  initial,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  initial: string;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <form
        className="space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await onSave(name);
            onOpenChange(false);
          } catch (err) {
            setError(errorMessage(err, MESSAGES.common.serverError));
          }
        }}
      >
        <TextField
          label="Set name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          required
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {MESSAGES.admin.common.cancel}
          </Button>
          <Button type="submit">Save</Button>
        </div>
      </form>
    </Dialog>
  );
}

export function GalleryEditor({ gallery, onDeleted }: { gallery: GalleryDetail; onDeleted: () => void }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [confirmElement, confirm] = useConfirm();
  const [setId, setSetId] = useState<number>(gallery.sets[0]?.id ?? 0);
  const [editing, setEditing] = useState(false);
  const [naming, setNaming] = useState<null | { mode: "add" | "rename" }>(null);
  const id = gallery.id;
  const selection = trpc.galleries.selection.useQuery({ id });
  const events = trpc.galleries.events.useQuery({ id });
  const refresh = () => utils.galleries.invalidate();
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      await refresh();
      if (done) toast.show(done, "success");
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
    }
  };
  const m = {
    order: trpc.galleries.orderItems.useMutation(),
    cover: trpc.galleries.setCover.useMutation(),
    deleteItem: trpc.galleries.deleteItem.useMutation(),
    addSet: trpc.galleries.addSet.useMutation(),
    renameSet: trpc.galleries.renameSet.useMutation(),
    deleteSet: trpc.galleries.deleteSet.useMutation(),
    regenerate: trpc.galleries.regenerateLink.useMutation(),
    reopen: trpc.galleries.reopenSelection.useMutation(),
    send: trpc.galleries.sendToClient.useMutation(),
    remove: trpc.galleries.delete.useMutation(),
  };
  const set = gallery.sets.find((s) => s.id === setId) ?? gallery.sets[0];

  const copyLink = async () => {
    if (!gallery.url) return;
    try {
      await navigator.clipboard.writeText(gallery.url);
      toast.show("Link copied", "success");
    } catch {
      toast.show(gallery.url, "info");
    }
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold [overflow-wrap:anywhere]">{gallery.title}</h2>
          <p className="text-sm text-white/70">
            {gallery.client_name ? `${gallery.client_name} · ${gallery.client_email}` : "No client linked"} ·{" "}
            {gallery.item_count} files · {GALLERY_DOWNLOAD_LABELS[gallery.downloads]}
            {gallery.has_pin ? " · PIN" : ""}
            {gallery.expires_on
              ? ` · ${galleryExpiryText(gallery.expires_on, gallery.time_zone).replace("Available until", "link works until")}`
              : ""}
            {gallery.expired ? " (expired)" : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            <Icon name="edit" className="h-4 w-4" /> Edit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={!gallery.client_email}
            onClick={() => run(() => m.send.mutateAsync({ id }), "Gallery sent to the client")}
          >
            <Icon name="mail" className="h-4 w-4" /> Send to client
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              if (
                !(await confirm({
                  title: "Delete gallery",
                  message: `Delete "${gallery.title}" and all its files?`,
                  confirmLabel: "Delete",
                  variant: "danger",
                }))
              )
                return;
              await run(() => m.remove.mutateAsync({ id }), "Gallery deleted");
              onDeleted();
            }}
          >
            <Icon name="trash" className="h-4 w-4 text-red-400" /> Delete
          </Button>
        </div>
      </div>

      <section aria-label="Sharing" className="mb-6 rounded-xl border border-ink-line bg-ink-soft p-4">
        <label className="block text-sm font-medium text-white/85">
          Client link
          <input
            readOnly
            value={gallery.url ?? "Made under another server secret: regenerate it"}
            className="mt-1.5 w-full rounded-lg border border-ink-line bg-ink px-3 py-2 font-mono text-xs text-white/85"
            onFocus={(e) => e.target.select()}
          />
        </label>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={copyLink} disabled={!gallery.url}>
            Copy link
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={async () => {
              if (
                !(await confirm({
                  title: "Regenerate link",
                  message: "The current link stops working at once. Continue?",
                  confirmLabel: "Regenerate",
                }))
              )
                return;
              await run(() => m.regenerate.mutateAsync({ id }), "New link made; the old one no longer works");
            }}
          >
            <Icon name="refresh" className="h-4 w-4" /> Regenerate link
          </Button>
        </div>
      </section>

      <div className="mb-3 flex flex-wrap items-center gap-2" role="tablist" aria-label="Sets">
        {gallery.sets.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={s.id === set?.id}
            onClick={() => setSetId(s.id)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${s.id === set?.id ? "bg-accent text-black" : "bg-white/5 text-white/80 hover:bg-white/10"}`}
          >
            {s.name} <span className="opacity-70">({s.items.length})</span>
          </button>
        ))}
        <Button size="sm" variant="ghost" onClick={() => setNaming({ mode: "add" })}>
          <Icon name="plus" className="h-4 w-4" /> Add set
        </Button>
        {set ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => setNaming({ mode: "rename" })}>
              Rename set
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={gallery.sets.length <= 1}
              onClick={async () => {
                if (
                  !(await confirm({
                    title: "Delete set",
                    message: `Delete the set "${set.name}" and its ${set.items.length} files?`,
                    confirmLabel: "Delete",
                    variant: "danger",
                  }))
                )
                  return;
                await run(() => m.deleteSet.mutateAsync({ id, set_id: set.id }), "Set deleted");
              }}
            >
              Delete set
            </Button>
          </>
        ) : null}
      </div>

      {set ? (
        <div role="tabpanel" aria-label={set.name}>
          <GalleryUploader galleryId={id} setId={set.id} onAdded={() => void refresh()} />
          <GalleryItems
            items={set.items}
            coverItemId={gallery.cover_item_id}
            onOrder={(ids) => void run(() => m.order.mutateAsync({ id, set_id: set.id, item_ids: ids }))}
            onCover={(item) => void run(() => m.cover.mutateAsync({ id, item_id: item.id }), "Cover set")}
            onDelete={async (item) => {
              if (
                !(await confirm({
                  title: "Delete file",
                  message: `Delete ${item.name} from the gallery?`,
                  confirmLabel: "Delete",
                  variant: "danger",
                }))
              )
                return;
              await run(() => m.deleteItem.mutateAsync({ id, item_id: item.id }), "File deleted");
            }}
          />
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="selection-heading"
          className="min-w-0 rounded-xl border border-ink-line bg-ink-soft p-4"
        >
          <h3 id="selection-heading" className="font-semibold">
            Client's selection: {gallery.favourite_count}
            {gallery.selection_limit ? ` of ${gallery.selection_limit}` : ""}{" "}
            <span className="text-sm font-normal text-white/70">
              {gallery.selection_state === "sent"
                ? `sent ${gallery.selection_sent_at ? new Date(gallery.selection_sent_at).toLocaleString() : ""}`
                : "open"}
            </span>
          </h3>
          {selection.data?.names.length ? (
            <>
              <label className="mt-3 block text-sm text-white/85">
                Search string for Lightroom
                <textarea
                  readOnly
                  rows={3}
                  value={selection.data.search}
                  className="mt-1 w-full rounded-lg border border-ink-line bg-ink p-2 font-mono text-xs"
                  onFocus={(e) => e.target.select()}
                />
              </label>
              <ul className="mt-2 max-h-48 overflow-y-auto text-sm" aria-label="Chosen files">
                {selection.data.names.map((n) => (
                  <li key={n} className="truncate">
                    {n}
                  </li>
                ))}
              </ul>
              {selection.data.notes.length ? (
                <ul className="mt-2 space-y-1 text-xs text-white/75" aria-label="Notes">
                  {selection.data.notes.map((n) => (
                    <li key={n.name}>
                      <b>{n.name}</b>: {n.note}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void navigator.clipboard?.writeText(selection.data?.search ?? "")}
                >
                  Copy search string
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    saveText(`${gallery.title}-selection.csv`, selection.data?.csv ?? "", "text/csv")
                  }
                >
                  <Icon name="download" className="h-4 w-4" /> CSV
                </Button>
              </div>
            </>
          ) : (
            <p className="mt-2 text-sm text-white/70">No favourites yet.</p>
          )}
          {gallery.selection_state === "sent" ? (
            <Button
              className="mt-3"
              size="sm"
              onClick={() => run(() => m.reopen.mutateAsync({ id }), "Selection reopened")}
            >
              Reopen selection
            </Button>
          ) : null}
        </section>
        <section
          aria-labelledby="log-heading"
          className="min-w-0 rounded-xl border border-ink-line bg-ink-soft p-4"
        >
          <h3 id="log-heading" className="font-semibold">
            Views and downloads
          </h3>
          {events.data?.length ? (
            <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm">
              {events.data.map((e) => (
                <li key={e.id} className="flex gap-2">
                  <time className="shrink-0 text-white/60" dateTime={e.at}>
                    {new Date(e.at).toLocaleString()}
                  </time>
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    {e.kind === "view" ? "Opened" : e.kind === "download" ? "Downloaded" : "Sent selection"}{" "}
                    {e.detail}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-white/70">Not opened yet.</p>
          )}
        </section>
      </div>
      <GalleryFormDialog open={editing} onOpenChange={setEditing} gallery={gallery} />
      {naming ? (
        <SetNameDialog
          open
          onOpenChange={(open) => (open ? null : setNaming(null))}
          title={naming.mode === "add" ? "Add a set" : "Rename set"}
          initial={naming.mode === "rename" ? (set?.name ?? "") : ""}
          onSave={async (name) => {
            if (naming.mode === "add") {
              const made = await m.addSet.mutateAsync({ id, name });
              setSetId(made.set_id);
            } else if (set) await m.renameSet.mutateAsync({ id, set_id: set.id, name });
            await refresh();
          }}
        />
      ) : null}
      {confirmElement}
    </div>
  );
}
