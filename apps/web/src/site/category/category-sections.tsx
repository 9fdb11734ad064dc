import { CATEGORY_PAGES, type CategoryPage as Content } from "@studio/content";
import {
  type CategorySlug,
  LIST_DEFAULTS,
  MESSAGES,
  type PortfolioItemDto,
  type ServiceDto,
  truncate,
} from "@studio/validators";
import { Link } from "react-router-dom";
import { EmojiIcon } from "../../components/emoji-icon";
import { ClockIcon } from "../components/icons";
import { ArrowRightIcon } from "../components/icons-core";
import { Spinner } from "../components/spinner";
import { useBookNow } from "../dialogs";
import { HoverMedia, isVideoItem } from "../home/portfolio-media";
import { ServiceVisual } from "../home/service-visual";
import { useReveal } from "../hooks/use-reveal";
import { priceLabel } from "../lib/format";
import { type CatalogState, useCategoryCatalog } from "./catalog";

function Features({ page }: { page: Content }) {
  const heading = useReveal<HTMLDivElement>();
  const grid = useReveal<HTMLUListElement>();
  return (
    <section aria-labelledby="why-title" className="px-5 py-24 sm:px-8">
      <div className="mx-auto max-w-7xl">
        <div {...heading.revealProps} className="reveal mx-auto mb-14 max-w-3xl text-center">
          <h2
            id="why-title"
            className="font-display text-4xl font-extrabold tracking-[-0.03em] text-white sm:text-5xl"
          >
            Why Choose Our {page.title}?
          </h2>
        </div>
        <ul {...grid.revealProps} className="reveal-group grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.features.map((feature) => (
            <li key={feature.title} className="rounded-3xl border border-white/[0.07] bg-ink-soft p-7">
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-accent/10 text-accent">
                <EmojiIcon emoji={feature.icon} className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-display text-lg font-bold text-white">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-white/70">{feature.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ServiceCard({ service }: { service: ServiceDto }) {
  const bookNow = useBookNow(service.id);
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-3xl border border-white/[0.07] bg-ink-soft transition hover:border-accent/30">
      <div className="relative aspect-[16/10] overflow-hidden bg-ink-raised">
        <ServiceVisual
          service={service}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          imageClassName="h-full w-full object-cover transition duration-700 group-hover:scale-105"
          fallbackClassName="flex h-full items-center justify-center bg-gradient-to-br from-amber-500/20 via-ink-raised to-indigo-500/20"
          iconClassName="h-14 w-14"
        />
        <span className="absolute right-4 top-4 rounded-full bg-black/70 px-3.5 py-1.5 text-sm font-bold text-accent backdrop-blur">
          {priceLabel(service.price)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="font-display text-xl font-bold text-white [overflow-wrap:anywhere]">
          {service.title}
        </h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-white/70 [overflow-wrap:anywhere]">
          {truncate(service.description, LIST_DEFAULTS.serviceDescriptionPreview)}
        </p>
        {service.duration ? (
          <p className="mt-4 inline-flex items-center gap-1.5 text-xs text-white/75">
            <ClockIcon className="h-3.5 w-3.5 text-accent" />
            {service.duration}
          </p>
        ) : null}
        <button
          type="button"
          {...bookNow}
          aria-label={`Book Now: ${service.title}`}
          className="mt-6 inline-flex items-center justify-center gap-2 rounded-full bg-white/5 px-5 py-3 text-sm font-semibold text-white transition group-hover:bg-accent group-hover:text-black"
        >
          Book Now
          <ArrowRightIcon className="h-4 w-4" />
        </button>
      </div>
    </article>
  );
}

/** A category without a published service says so and offers the contact page. */
function NoServices({ label }: { label: string }) {
  return (
    <div className="mx-auto max-w-xl rounded-3xl border border-white/[0.07] bg-ink-soft px-8 py-12 text-center">
      <p className="font-display text-xl font-bold text-white">{MESSAGES.service.noneInCategory(label)}</p>
      <p className="mt-3 text-white/70">{MESSAGES.service.noneInCategoryHint}</p>
      <Link
        to="/contact"
        className="mt-7 inline-flex items-center justify-center gap-2 rounded-full bg-accent px-7 py-3.5 font-semibold text-black transition hover:bg-accent-strong"
      >
        {MESSAGES.service.noneInCategoryLink}
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </div>
  );
}

function Services({ page, state }: { page: Content; state: CatalogState }) {
  const grid = useReveal<HTMLUListElement>();
  const services = state.status === "ready" ? state.catalog.services : null;
  return (
    <section
      id="services"
      aria-labelledby="category-services-title"
      className="bg-[#07070b] px-5 py-24 sm:px-8"
    >
      <div className="mx-auto max-w-7xl">
        <h2
          id="category-services-title"
          className="mb-14 text-center font-display text-4xl font-extrabold tracking-[-0.03em] text-white sm:text-5xl"
        >
          Our {page.title} Services
        </h2>
        {state.status === "loading" ? (
          <Spinner label="Loading services..." className="min-h-[24rem]" />
        ) : null}
        {state.status === "error" ? (
          <p
            role="alert"
            className="mx-auto max-w-xl rounded-2xl border border-red-500/30 bg-red-950/40 p-6 text-center text-red-200"
          >
            {MESSAGES.service.loadFailed + state.message}
          </p>
        ) : null}
        {services && services.length === 0 ? <NoServices label={page.title} /> : null}
        {services && services.length > 0 ? (
          <ul {...grid.revealProps} className="reveal-group grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.id}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** Whether the portfolio grid opens with a tall tile (two rows): with enough items to fill beside it. */
const hasTallTile = (count: number) => count >= 4;

/**
 * How many columns the last tile spans, on a grid of `cols` columns, so its row ends without a hole: the grid's
 * own placement (row by row, the tall tile taking the first column of the first two rows) of the tiles before it.
 */
export function lastTileSpan(count: number, cols: number): number {
  const tall = hasTallTile(count);
  const taken = (cell: number) => tall && cell % cols === 0 && cell < 2 * cols;
  let cell = tall ? 1 : 0;
  const next = () => {
    while (taken(cell)) cell++;
    return cell++;
  };
  for (let placed = tall ? 1 : 0; placed < count - 1; placed++) next();
  return cols - (next() % cols);
}

/** A portfolio tile's grid classes: the first tall (from four items), the last widened to end its row. */
function tileClasses(i: number, count: number): string {
  if (hasTallTile(count) && i === 0) return "sm:row-span-2";
  if (i !== count - 1) return "";
  const sm = lastTileSpan(count, 2);
  const lg = lastTileSpan(count, 3);
  return [
    sm === 2 ? "sm:col-span-2" : "",
    lg === 3 ? "lg:col-span-3" : lg === 2 ? "lg:col-span-2" : sm === 2 ? "lg:col-span-1" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The category's published portfolio items (none: the section is left out). */
function Portfolio({ page, items }: { page: Content; items: readonly PortfolioItemDto[] }) {
  const grid = useReveal<HTMLUListElement>();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="category-portfolio-title" className="px-5 py-24 sm:px-8">
      <div className="mx-auto max-w-7xl">
        <h2
          id="category-portfolio-title"
          className="mb-14 text-center font-display text-4xl font-extrabold tracking-[-0.03em] text-white sm:text-5xl"
        >
          Our {page.title} Portfolio
        </h2>
        <ul {...grid.revealProps} className="reveal-group grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, i) => {
            const tile = tileClasses(i, items.length);
            const media = `h-72 w-full ${tile.includes("row-span") ? "sm:h-full" : ""}`;
            return (
              <li
                key={item.id}
                className={`group relative overflow-hidden rounded-3xl border border-white/[0.07] ${tile}`}
              >
                {item.media_url ? (
                  <HoverMedia
                    src={item.media_url}
                    video={isVideoItem(item)}
                    alt={item.title}
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className={`object-cover transition duration-700 group-hover:scale-105 ${media}`}
                  />
                ) : (
                  <div className={`bg-gradient-to-br from-amber-500/20 to-indigo-500/20 ${media}`} />
                )}
                <div className="absolute inset-0 flex flex-col justify-end bg-gradient-to-t from-black/90 via-black/20 to-transparent p-6 transition duration-500 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100">
                  <h3 className="font-display text-lg font-bold text-white [overflow-wrap:anywhere]">
                    {item.title}
                  </h3>
                  <p className="mt-1 text-sm text-white/80 [overflow-wrap:anywhere]">{item.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function GetStarted({ page }: { page: Content }) {
  const bookNow = useBookNow();
  const box = useReveal<HTMLDivElement>();
  const [from, to] = page.gradient;
  return (
    <section aria-labelledby="get-started-title" className="px-5 pb-28 sm:px-8">
      <div
        {...box.revealProps}
        className="reveal relative mx-auto max-w-5xl overflow-hidden rounded-[2rem] border border-white/10 px-8 py-16 text-center sm:px-16"
        style={{ background: `linear-gradient(135deg, ${from}26, #12121a 45%, ${to}26)` }}
      >
        <h2
          id="get-started-title"
          className="font-display text-4xl font-extrabold tracking-[-0.03em] text-white sm:text-5xl"
        >
          Get Started Today
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-white/75">
          Tell us about your project and we will come back within a business day with ideas, dates and a clear
          quote.
        </p>
        <div className="mt-9 flex flex-col justify-center gap-4 sm:flex-row">
          <button
            type="button"
            {...bookNow}
            className="inline-flex items-center justify-center gap-2 rounded-full bg-accent px-8 py-4 font-semibold text-black transition hover:bg-accent-strong"
          >
            Book Now
            <ArrowRightIcon className="h-5 w-5" />
          </button>
          <Link
            to="/contact"
            className="inline-flex items-center justify-center rounded-full border border-white/25 px-8 py-4 font-semibold text-white transition hover:border-white/60"
          >
            Ask a Question
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Everything below a category page's hero (a lazy chunk: the hero paints without it). */
export default function CategorySections({ slug }: { slug: CategorySlug }) {
  const page = CATEGORY_PAGES[slug];
  const state = useCategoryCatalog(slug);
  return (
    <>
      <Features page={page} />
      <Services page={page} state={state} />
      <Portfolio page={page} items={state.status === "ready" ? state.catalog.portfolio : []} />
      <GetStarted page={page} />
    </>
  );
}
