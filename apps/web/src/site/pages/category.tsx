import { CATEGORY_HEROES, type CategoryHero } from "@studio/content";
import { CATEGORY_SLUGS, type CategorySlug } from "@studio/validators";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { isServerPainted, loadAfterFirstView } from "../../app/server-painted";
import { PageMeta } from "../../components/page-meta";
import { EmojiIcon } from "../../components/emoji-icon";
import { ArrowDownIcon, ArrowRightIcon } from "../components/icons-core";
import { MediaImage } from "../components/media-image";
import { useBookNow } from "../dialogs";
import { prefersReducedMotion } from "../lib/motion";
import { SiteLayout } from "../site-layout";
import { useStudioProfile } from "../studio-profile";

const CategorySections = lazy(loadAfterFirstView(() => import("../category/category-sections")));

/** The slug is the route path itself (/photography, /drone-services, …). */
export function useCategorySlug(): CategorySlug {
  const path = useLocation().pathname.replace(/^\/|\/$/g, "");
  return (CATEGORY_SLUGS as readonly string[]).includes(path) ? (path as CategorySlug) : "photography";
}

function CategoryHeroSection({ page }: { page: CategoryHero }) {
  const bookNow = useBookNow();
  const [from, to] = page.gradient;
  return (
    <section
      aria-labelledby="category-title"
      className="relative isolate flex min-h-[88svh] items-end overflow-hidden px-5 pb-20 pt-36 sm:px-8"
    >
      <MediaImage
        src={page.heroImage}
        alt=""
        priority
        sizes="(max-width: 640px) 60vw, 100vw"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10"
        style={{
          background: `linear-gradient(180deg, rgba(10,10,15,0.55) 0%, rgba(10,10,15,0.35) 40%, #0a0a0f 100%), linear-gradient(100deg, ${from}40 0%, transparent 55%, ${to}30 100%)`,
        }}
      />
      <div className="mx-auto w-full max-w-7xl">
        <div className="hero-in hero-in-0 mb-6 inline-flex h-16 w-16 items-center justify-center rounded-2xl border border-white/15 bg-black/40 text-3xl backdrop-blur-md">
          <span role="img" aria-label={`${page.title} icon`} className="text-accent">
            <EmojiIcon emoji={page.icon} className="h-8 w-8" />
          </span>
        </div>
        <p className="hero-in hero-in-0 text-xs font-semibold uppercase tracking-[0.35em] text-accent sm:text-sm">
          {page.subtitle}
        </p>
        <h1
          id="category-title"
          className="hero-in hero-in-1 mt-4 max-w-4xl font-display text-[clamp(2.75rem,7vw,5.5rem)] font-extrabold leading-[0.95] tracking-[-0.035em] text-white"
        >
          {page.title}
        </h1>
        <p className="hero-in hero-in-2 mt-6 max-w-2xl text-lg leading-relaxed text-white/80">
          {page.description}
        </p>
        <div className="hero-in hero-in-3 mt-10 flex flex-col gap-4 sm:flex-row">
          <button
            type="button"
            {...bookNow}
            className="inline-flex items-center justify-center gap-2 rounded-full bg-accent px-8 py-4 font-semibold text-black transition hover:bg-accent-strong"
          >
            Book a Consultation
            <ArrowRightIcon className="h-5 w-5" />
          </button>
          <a
            href="#services"
            onClick={(event) => {
              event.preventDefault();
              document
                .getElementById("services")
                ?.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
            }}
            className="inline-flex items-center justify-center gap-2 rounded-full border border-white/30 bg-black/20 px-8 py-4 font-semibold text-white backdrop-blur transition hover:border-white/60"
          >
            Explore Services
            <ArrowDownIcon className="h-5 w-5" />
          </a>
        </div>
      </div>
    </section>
  );
}

/**
 * A category landing page. The hero is part of the app shell (it is the first view and the largest
 * paint); the sections below it come in their own chunk right after.
 */
export function CategoryPage() {
  const slug = useCategorySlug();
  const hero = CATEGORY_HEROES[slug];
  const { name: studioName } = useStudioProfile();
  // Ask for the sections once the hero is on screen, so their code never delays the first paint. Prerendered
  // HTML has them already (static content, readable without JavaScript): hydrate them as they are.
  const [painted, setPainted] = useState(isServerPainted);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setTimeout(() => setPainted(true), 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <SiteLayout>
      <PageMeta title={`${hero.title} — ${studioName}`} description={hero.description} />
      <CategoryHeroSection page={hero} />
      <Suspense fallback={<div className="min-h-screen" aria-hidden="true" />}>
        {painted ? <CategorySections slug={slug} /> : <div className="min-h-screen" aria-hidden="true" />}
      </Suspense>
    </SiteLayout>
  );
}

export default CategoryPage;
