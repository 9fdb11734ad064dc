/** Galleries: private client galleries for proofing and delivery (issue 30). ?gallery=<id> opens one. */
import { type GalleryDetail, MESSAGES } from "@studio/validators";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { errorMessage, trpc } from "../../lib/trpc";
import { GalleryEditor } from "../galleries/gallery-editor";
import { GalleryFormDialog } from "../galleries/gallery-form";
import { EmptyState } from "../ui/empty-state";
import { useLiveConnected } from "../lib/media-progress";
import { Icon } from "../ui/icons";
import { PageHeader } from "../ui/page-header";

const FALLBACK_POLL_MS = 5_000;

const processing = (gallery: GalleryDetail | undefined) =>
  gallery?.sets.some((s) =>
    s.items.some((i) => i.media && i.media.status !== "ready" && i.media.status !== "failed"),
  ) ?? false;

export default function AdminGalleriesPage() {
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get("gallery")) || null;
  const [creating, setCreating] = useState(false);
  const list = trpc.galleries.list.useQuery();
  const live = useLiveConnected();
  // Files being processed report through the live stream; only while it is down is the gallery read again.
  const detail = trpc.galleries.get.useQuery(
    { id: selected ?? 0 },
    {
      enabled: selected !== null,
      refetchInterval: (query) => (!live && processing(query.state.data) ? FALLBACK_POLL_MS : false),
    },
  );
  const open = (id: number | null) => setParams(id ? { gallery: String(id) } : {});

  return (
    <div>
      <PageHeader
        title="Galleries"
        subtitle="Private galleries for your clients: favourites, notes, downloads."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Icon name="plus" className="h-4 w-4" /> New gallery
          </Button>
        }
      />
      {selected !== null ? (
        <div>
          <Button variant="ghost" size="sm" className="mb-3" onClick={() => open(null)}>
            <Icon name="chevronLeft" className="h-4 w-4" /> All galleries
          </Button>
          {detail.data ? (
            <GalleryEditor key={detail.data.id} gallery={detail.data} onDeleted={() => open(null)} />
          ) : detail.isError ? (
            <EmptyState
              icon="portfolio"
              title={MESSAGES.gallery.notFound}
              text={errorMessage(detail.error, MESSAGES.common.serverError)}
            />
          ) : (
            <div className="h-64 animate-pulse rounded-2xl bg-white/5" aria-busy="true" />
          )}
        </div>
      ) : list.isLoading ? (
        <div className="h-40 animate-pulse rounded-2xl bg-white/5" aria-busy="true" />
      ) : list.isError ? (
        <EmptyState
          icon="portfolio"
          title="Failed to load galleries"
          text={errorMessage(list.error, MESSAGES.common.serverError)}
        />
      ) : !list.data?.length ? (
        <EmptyState
          icon="portfolio"
          title="No galleries yet"
          text="Make one for a shoot, upload the photos, and send the client their private link."
          action={<Button onClick={() => setCreating(true)}>New gallery</Button>}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.data.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                onClick={() => open(g.id)}
                className="block w-full overflow-hidden rounded-2xl border border-ink-line bg-ink-soft text-left hover:border-accent"
              >
                <div className="aspect-[3/2] bg-white/5">
                  {g.cover_url ? (
                    <img src={g.cover_url} alt="" className="h-full w-full object-cover" loading="lazy" />
                  ) : null}
                </div>
                <div className="p-4">
                  <h2 className="font-semibold [overflow-wrap:anywhere]">{g.title}</h2>
                  <p className="text-sm text-white/70">{g.client_name ?? "No client linked"}</p>
                  <p className="mt-1 text-xs text-white/60">
                    {g.item_count} files · {g.favourite_count} favourites
                    {g.selection_state === "sent" ? " · selection sent" : ""}
                    {g.expired ? " · expired" : ""}
                  </p>
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      <GalleryFormDialog open={creating} onOpenChange={setCreating} onSaved={(id) => open(id)} />
    </div>
  );
}
