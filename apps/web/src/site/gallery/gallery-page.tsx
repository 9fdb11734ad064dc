/**
 * A client's private gallery (/g/<token>): the studio's branding, sets as tabs, a paginated grid, the lightbox,
 * favourites against the selection limit, notes, "Send my selection", downloads (behind the PIN when set).
 * Never indexed (meta robots here, X-Robots-Tag from the server, Disallow in robots.txt) and no Referer leaves
 * the page (the token is in its URL).
 */
import {
  type GalleryClientItem,
  type GalleryClientView,
  type GalleryStudio,
  GALLERY_COVER_SIZES,
  galleryExpiryText,
  MESSAGES,
} from "@studio/validators";
import { type FormEvent, type ReactNode, useLayoutEffect, useState } from "react";
import { useParams } from "react-router-dom";
import { DataProvider } from "../../app/data-provider";
import { Dialog } from "../../components/ui/dialog";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { GalleryGrid } from "./gallery-grid";
import { GalleryLightbox } from "./gallery-lightbox";
import { placeholderStyle } from "./placeholder";

const m = MESSAGES.gallery;
const COVER_SIZES = GALLERY_COVER_SIZES;
const grantKey = (token: string) => `gallery-grant:${token.slice(0, 12)}`;

function Frame({
  studio,
  title,
  children,
}: {
  studio: GalleryStudio | null;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-neutral-950 text-white">
      <title>{studio ? `${title} — ${studio.name}` : title}</title>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <header className="flex h-14 items-center gap-3 border-b border-white/10 px-4 sm:px-8">
        {studio?.logo ? <img src={studio.logo} alt="" className="h-8 w-auto" width={32} height={32} /> : null}
        <span className="font-display text-lg font-bold">{studio?.name ?? ""}</span>
      </header>
      <main className="px-2 pb-24 pt-4 sm:px-6">{children}</main>
    </div>
  );
}

function Contact({ studio }: { studio: GalleryStudio }) {
  return (
    <ul className="mt-4 space-y-1 text-sm">
      {studio.emails.map((e) => (
        <li key={e}>
          <a className="text-accent underline" href={`mailto:${e}`}>
            {e}
          </a>
        </li>
      ))}
      {studio.phones.map((p) => (
        <li key={p}>
          <a className="text-accent underline" href={`tel:${p.replace(/\s+/g, "")}`}>
            {p}
          </a>
        </li>
      ))}
    </ul>
  );
}

function PinDialog({
  open,
  onOpenChange,
  token,
  onGrant,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  token: string;
  onGrant: (grant: string) => void;
}) {
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const unlock = trpc.galleryView.unlock.useMutation();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const { grant } = await unlock.mutateAsync({ token, pin });
      onGrant(grant);
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, MESSAGES.common.serverError));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Download PIN" description={m.pinRequired}>
      <form onSubmit={submit} className="space-y-4">
        <TextField
          label="PIN"
          inputMode="numeric"
          autoComplete="off"
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          error={error}
        />
        <button
          type="submit"
          disabled={unlock.isPending}
          className="rounded-lg bg-accent px-4 py-2 font-semibold text-black"
        >
          Unlock downloads
        </button>
      </form>
    </Dialog>
  );
}

function OpenGallery({
  token,
  view,
}: {
  token: string;
  view: Extract<GalleryClientView, { status: "open" }>;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  // null: the first set, as asked together with `open` (GalleryView).
  const [setId, setSetId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const [count, setCount] = useState(view.favourite_count);
  const [state, setState] = useState(view.selection_state);
  const [pinOpen, setPinOpen] = useState<null | (() => void)>(null);
  const [grant, setGrant] = useState(() => sessionStorage.getItem(grantKey(token)) ?? "");
  const input = setId === null ? { token, page } : { token, set_id: setId, page };
  const items = trpc.galleryView.items.useQuery(input, {
    enabled: view.sets.length > 0,
    placeholderData: (prev) => prev,
  });
  const shownSet = setId ?? items.data?.set_id ?? view.sets[0]?.id ?? 0;
  const favourite = trpc.galleryView.favourite.useMutation();
  const noteMutation = trpc.galleryView.note.useMutation();
  const send = trpc.galleryView.sendSelection.useMutation();
  const download = trpc.galleryView.download.useMutation();
  const open = state === "open";
  const list = items.data?.items ?? [];

  const toggle = async (item: GalleryClientItem) => {
    try {
      const result = await favourite.mutateAsync({ token, item_id: item.id, favourite: !item.favourite });
      setCount(result.favourite_count);
      utils.galleryView.items.setData(input, (old) =>
        old
          ? {
              ...old,
              items: old.items.map((i) => (i.id === item.id ? { ...i, favourite: result.favourite } : i)),
            }
          : old,
      );
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
    }
  };
  const saveNote = async (item: GalleryClientItem, note: string) => {
    try {
      await noteMutation.mutateAsync({ token, item_id: item.id, note });
      utils.galleryView.items.setData(input, (old) =>
        old ? { ...old, items: old.items.map((i) => (i.id === item.id ? { ...i, note } : i)) } : old,
      );
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
      throw e;
    }
  };
  const withPin = (work: (grant: string) => Promise<void>) => {
    if (view.has_pin && !grant) {
      setPinOpen(() => () => undefined);
      return;
    }
    void work(grant);
  };
  const fetchFile = (item: GalleryClientItem, size: "original" | "web") =>
    withPin(async (g) => {
      try {
        const link = await download.mutateAsync({ token, item_id: item.id, size, grant: g || null });
        const a = document.createElement("a");
        a.href = link.url;
        a.download = link.name;
        a.rel = "noreferrer";
        document.body.append(a);
        a.click();
        a.remove();
      } catch (e) {
        toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
      }
    });
  const zip = (which: "all" | "favourites") =>
    withPin(async (g) => {
      const url = `/api/g/${token}/zip?which=${which}${g ? `&grant=${encodeURIComponent(g)}` : ""}`;
      // Asked first with HEAD whether the archive is there (not logged as a download); then the browser downloads
      // it, streamed, as a file. A refusal (an expired link, a wrong PIN, nothing to download) is read in words.
      const check = new AbortController();
      try {
        const head = await fetch(url, { method: "HEAD", referrerPolicy: "no-referrer" });
        const res = head.ok
          ? head
          : await fetch(url, { referrerPolicy: "no-referrer", signal: check.signal });
        if (res.ok && res.headers.get("content-type")?.includes("zip")) {
          check.abort();
          const a = document.createElement("a");
          a.href = url;
          a.rel = "noreferrer";
          document.body.append(a);
          a.click();
          a.remove();
          return;
        }
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        toast.show(body.message ?? MESSAGES.common.serverError, "error");
      } catch (e) {
        if (!check.signal.aborted) toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
      }
    });
  const downloadsOn = view.downloads !== "none";
  const limit = view.selection_limit;

  return (
    <>
      {view.cover ? (
        <div className="relative mx-auto mb-4 h-48 max-w-6xl overflow-hidden rounded-xl sm:h-72">
          <picture className="block h-full w-full">
            {view.cover.avif ? (
              <source type="image/avif" srcSet={view.cover.avif} sizes={COVER_SIZES} />
            ) : null}
            {view.cover.webp ? (
              <source type="image/webp" srcSet={view.cover.webp} sizes={COVER_SIZES} />
            ) : null}
            <img
              src={view.cover.src}
              alt=""
              width={1152}
              height={288}
              className="h-full w-full object-cover"
              style={placeholderStyle(view.cover.placeholder, "cover")}
              fetchPriority="high"
            />
          </picture>
        </div>
      ) : null}
      <div className="mx-auto max-w-6xl">
        <h1 className="font-display text-2xl font-extrabold sm:text-4xl [overflow-wrap:anywhere]">
          {view.title}
        </h1>
        {view.client_name ? <p className="text-white/70">For {view.client_name}</p> : null}
        {view.expires_on ? (
          <p className="text-sm text-white/60" data-testid="gallery-expiry">
            {galleryExpiryText(view.expires_on, view.time_zone)}
          </p>
        ) : null}
        <div className="sticky top-0 z-10 -mx-2 mt-3 flex flex-wrap items-center gap-2 bg-neutral-950/95 px-2 py-2 backdrop-blur">
          <p className="mr-auto text-sm" aria-live="polite" data-testid="favourite-counter">
            <span className="text-rose-400" aria-hidden="true">
              ♥
            </span>{" "}
            {limit ? `${count} of ${limit} chosen` : `${count} chosen`}
            {!open ? " · selection sent" : ""}
          </p>
          {open ? (
            <button
              type="button"
              disabled={count === 0 || send.isPending}
              onClick={async () => {
                try {
                  await send.mutateAsync({ token });
                  setState("sent");
                  toast.show(m.selectionSent, "success");
                } catch (e) {
                  toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
                }
              }}
              className="rounded-full bg-accent px-4 py-2 text-sm font-semibold text-black disabled:opacity-50"
            >
              Send my selection
            </button>
          ) : null}
          {downloadsOn ? (
            <>
              {view.downloads === "all" ? (
                <button
                  type="button"
                  onClick={() => zip("all")}
                  className="rounded-full bg-white/10 px-3 py-2 text-sm"
                >
                  Download all
                </button>
              ) : null}
              <button
                type="button"
                onClick={() => zip("favourites")}
                className="rounded-full bg-white/10 px-3 py-2 text-sm"
              >
                Download favourites
              </button>
            </>
          ) : null}
        </div>
        {!open ? (
          <p className="mb-2 rounded-lg bg-white/5 p-3 text-sm text-white/80">{m.selectionLocked}</p>
        ) : null}
        {view.sets.length > 1 ? (
          <div role="tablist" aria-label="Sets" className="mb-3 flex gap-2 overflow-x-auto">
            {view.sets.map((s) => (
              <button
                key={s.id}
                type="button"
                role="tab"
                aria-selected={s.id === shownSet}
                onClick={() => {
                  setSetId(s.id);
                  setPage(1);
                }}
                className={`shrink-0 rounded-full px-4 py-1.5 text-sm ${s.id === shownSet ? "bg-white text-black" : "bg-white/10"}`}
              >
                {s.name} ({s.count})
              </button>
            ))}
          </div>
        ) : null}
        {view.sets.length === 0 ? <p className="text-white/70">No photos here yet.</p> : null}
        <GalleryGrid items={list} onOpen={setLightbox} onFavourite={toggle} canFavourite={open} />
        {items.data && items.data.pages > 1 ? (
          <nav aria-label="Pages" className="mt-4 flex items-center justify-center gap-3 text-sm">
            <button
              type="button"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
              className="rounded bg-white/10 px-3 py-2 disabled:opacity-40"
            >
              Previous
            </button>
            <span>
              Page {items.data.page} of {items.data.pages}
            </span>
            <button
              type="button"
              disabled={page >= items.data.pages}
              onClick={() => setPage(page + 1)}
              className="rounded bg-white/10 px-3 py-2 disabled:opacity-40"
            >
              Next
            </button>
          </nav>
        ) : null}
      </div>
      <GalleryLightbox
        items={list}
        index={lightbox}
        onIndex={setLightbox}
        onClose={() => setLightbox(null)}
        onFavourite={toggle}
        canFavourite={open}
        onNote={saveNote}
        actions={(item) =>
          downloadsOn ? (
            <>
              <button
                type="button"
                disabled={item.state !== "ready"}
                onClick={() => fetchFile(item, "original")}
                className="rounded-lg bg-white/10 px-3 py-2 text-sm disabled:opacity-50"
              >
                Download original
              </button>
              {item.kind === "image" ? (
                <button
                  type="button"
                  disabled={item.state !== "ready"}
                  onClick={() => fetchFile(item, "web")}
                  className="rounded-lg bg-white/10 px-3 py-2 text-sm disabled:opacity-50"
                >
                  Web size
                </button>
              ) : null}
            </>
          ) : null
        }
      />
      <PinDialog
        open={pinOpen !== null}
        onOpenChange={(o) => (o ? null : setPinOpen(null))}
        token={token}
        onGrant={(g) => {
          sessionStorage.setItem(grantKey(token), g);
          setGrant(g);
          toast.show("Downloads unlocked", "success");
        }}
      />
    </>
  );
}

export function GalleryView({ token }: { token: string }) {
  const query = trpc.galleryView.open.useQuery({ token }, { retry: false, refetchOnWindowFocus: false });
  // The first page of the first set, in the same request as `open` (one round trip less before the pictures).
  trpc.galleryView.items.useQuery({ token, page: 1 }, { retry: false, refetchOnWindowFocus: false });
  const view = query.data;
  // The cover the server's HTML drew (apps/server gallery-html.ts) gives way to the page's own, drawn from the same
  // file in the same frame (before paint), or to the page saying why there is no gallery.
  const settled = view !== undefined || query.isError;
  useLayoutEffect(() => {
    if (settled) document.getElementById("gallery-boot")?.remove();
  }, [settled]);
  if (query.isError) {
    return (
      <Frame studio={null} title="Gallery">
        <div className="mx-auto max-w-xl py-16 text-center">
          <h1 className="text-2xl font-bold">Gallery not available</h1>
          <p className="mt-3 text-white/75">{errorMessage(query.error, m.linkInvalid)}</p>
        </div>
      </Frame>
    );
  }
  if (!view) {
    return (
      <Frame studio={null} title="Gallery">
        <div className="mx-auto grid max-w-6xl grid-cols-2 gap-2 md:grid-cols-4" aria-busy="true">
          {["a", "b", "c", "d", "e", "f", "g", "h"].map((k) => (
            <div key={k} className="aspect-square animate-pulse rounded-md bg-neutral-800" />
          ))}
        </div>
      </Frame>
    );
  }
  if (view.status === "expired") {
    return (
      <Frame studio={view.studio} title={view.title}>
        <div className="mx-auto max-w-xl py-16 text-center">
          <h1 className="text-2xl font-bold">{m.expired}</h1>
          <p className="mt-3 text-white/75">{m.expiredHelp}</p>
          <Contact studio={view.studio} />
        </div>
      </Frame>
    );
  }
  return (
    <Frame studio={view.studio} title={view.title}>
      <OpenGallery token={token} view={view} />
    </Frame>
  );
}

export default function GalleryPage() {
  const { token = "" } = useParams();
  return (
    <DataProvider>
      <GalleryView token={token} />
    </DataProvider>
  );
}
