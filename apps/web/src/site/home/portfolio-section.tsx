import { LIST_DEFAULTS, MESSAGES, PORTFOLIO_FILTERS, type PortfolioItemDto } from "@studio/validators";
import { useMemo, useState } from "react";
import { trpc } from "../../lib/trpc";
import { EyeIcon, PlayIcon } from "../components/icons";
import { SectionHeading } from "../components/section-heading";
import { Spinner } from "../components/spinner";
import { useReveal } from "../hooks/use-reveal";
import { categoryLabel, PORTFOLIO_LABELS } from "../lib/labels";
import { Lightbox } from "./lightbox";
import { HoverMedia, isVideoItem } from "./portfolio-media";

type Filter = (typeof PORTFOLIO_FILTERS)[number];

/** Varied frame shapes give the masonry its rhythm without waiting for image sizes (no layout shift). */
const SHAPES = ["aspect-[4/5]", "aspect-[4/3]", "aspect-square", "aspect-[3/4]", "aspect-[16/11]"];

function PortfolioCard({
  item,
  index,
  onOpen,
}: {
  item: PortfolioItemDto;
  index: number;
  onOpen: () => void;
}) {
  const video = isVideoItem(item);
  return (
    <article className="group relative mb-6 break-inside-avoid overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-soft">
      <div className={`relative ${SHAPES[index % SHAPES.length]} overflow-hidden`}>
        {item.media_url ? (
          <HoverMedia
            src={item.media_url}
            video={video}
            alt={item.title}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            className="h-full w-full object-cover transition duration-700 group-hover:scale-105"
          />
        ) : (
          <div className="h-full w-full bg-gradient-to-br from-amber-500/20 to-indigo-500/20" />
        )}
        {video ? (
          <span className="absolute right-4 top-4 inline-flex h-9 w-9 items-center justify-center rounded-full bg-black/60 backdrop-blur">
            <PlayIcon className="h-4 w-4" />
            <span className="sr-only">Video</span>
          </span>
        ) : null}
        {item.featured ? (
          <span className="absolute left-4 top-4 rounded-full bg-accent px-3 py-1 text-xs font-bold uppercase tracking-wider text-black">
            Featured
          </span>
        ) : null}
        <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/85 via-black/10 to-transparent p-6">
          <p className="text-xs font-semibold uppercase tracking-[0.25em] text-accent">
            {categoryLabel(item.category)}
          </p>
          <h3 className="mt-1 font-display text-xl font-bold text-white [overflow-wrap:anywhere]">
            {item.title}
          </h3>
          <div className="grid transition-all duration-500 [@media(hover:hover)]:grid-rows-[0fr] [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:grid-rows-[1fr] [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:grid-rows-[1fr] [@media(hover:hover)]:group-focus-within:opacity-100">
            <div className="overflow-hidden">
              {item.tags.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
                  {item.tags.slice(0, LIST_DEFAULTS.portfolioTagsShown).map((tag) => (
                    <li
                      key={tag}
                      className="rounded-full bg-white/15 px-2.5 py-1 text-xs text-white backdrop-blur"
                    >
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>
          {/*
           * Where a pointer can hover, the button keeps its place at the foot of the card and only fades in: a
           * click lands on it even from a pointer that had not hovered the card (nothing slides under it).
           */}
          <button
            type="button"
            onClick={onOpen}
            aria-label={`Quick View: ${item.title}`}
            className="mt-4 inline-flex w-fit items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-black transition duration-500 hover:bg-accent [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:group-focus-within:opacity-100"
          >
            <EyeIcon className="h-4 w-4" />
            Quick View
          </button>
        </div>
      </div>
    </article>
  );
}

export function PortfolioSection() {
  const portfolio = trpc.portfolio.list.useQuery();
  const [filter, setFilter] = useState<Filter>("all");
  const [open, setOpen] = useState<number | null>(null);
  const grid = useReveal<HTMLDivElement>();

  const items = useMemo(
    () =>
      (portfolio.data ?? []).filter(
        (item) => item.status === "published" && (filter === "all" || item.category === filter),
      ),
    [portfolio.data, filter],
  );

  return (
    <section
      id="portfolio"
      aria-labelledby="portfolio-title"
      className="relative bg-[#07070b] px-5 py-28 sm:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="portfolio-title"
          eyebrow="Selected work"
          title="A portfolio of moments that matter"
          intro="Weddings and launches, features and fly-throughs. A few of the stories we have had the privilege to tell."
        />
        {/* On phones a strip that scrolls sideways, inside the column: the gutter is the floating tab's. */}
        <div
          role="group"
          aria-label="Filter by category"
          className="mb-12 flex gap-2 overflow-x-auto pb-2 sm:flex-wrap sm:justify-center sm:overflow-visible"
        >
          {PORTFOLIO_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
              className={`shrink-0 rounded-full px-5 py-2.5 text-sm font-semibold transition ${
                filter === value
                  ? "bg-accent text-black"
                  : "border border-white/10 text-white/75 hover:border-white/30 hover:text-white"
              }`}
            >
              {PORTFOLIO_LABELS[value]}
            </button>
          ))}
        </div>

        {portfolio.isPending ? <Spinner label="Loading portfolio..." className="min-h-[32rem]" /> : null}
        {portfolio.isError ? (
          <p role="alert" className="text-center text-red-300">
            {MESSAGES.portfolio.loadFailed}
          </p>
        ) : null}
        {portfolio.data && items.length === 0 ? (
          <p className="py-16 text-center text-white/70">
            No projects in this category yet. Check back soon.
          </p>
        ) : null}
        {items.length > 0 ? (
          <div {...grid.revealProps} className="reveal columns-1 gap-6 sm:columns-2 lg:columns-3">
            {items.map((item, i) => (
              <PortfolioCard key={item.id} item={item} index={i} onOpen={() => setOpen(i)} />
            ))}
          </div>
        ) : null}
      </div>
      {open !== null ? (
        <Lightbox items={items} index={open} onIndexChange={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
