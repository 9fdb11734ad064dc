import { SITE_NAV_MESSAGES } from "@studio/validators";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { CATEGORY_LINKS } from "../lib/categories";
import { NAV_ITEMS } from "../lib/nav";
import { SectionLink } from "./section-link";

/**
 * The phone menu panel, the content of the header's <details> (in the page's HTML, so it opens without script),
 * laid over the page under the header. Once live, it closes on a click outside the menu and its toggle, on
 * Escape (back to the toggle) and when an item is chosen.
 */
export default function MobileMenu({
  id,
  current,
  pathname,
}: {
  id: string;
  current: (section: string) => "page" | undefined;
  /** The page's path (its category link is marked current). */
  pathname: string;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const categoriesId = `${id}-categories`;
  // The <details> around the toggle and this panel: closing it closes the menu (its toggle event tells React).
  const onClose = () => {
    const details = panelRef.current?.parentElement as HTMLDetailsElement | null | undefined;
    if (details) details.open = false;
  };

  // Listening from the start and asking the <details> itself (not a state that follows its toggle event): a tap
  // outside right after the menu opened, before React had caught up with the toggle, still closes it.
  useEffect(() => {
    const details = panelRef.current?.parentElement as HTMLDetailsElement | null | undefined;
    if (!details) return;
    const dismiss = (event: Event) => {
      if (!details.open) return;
      const key = (event as KeyboardEvent).key;
      if (key ? key !== "Escape" : details.contains(event.target as Node)) return;
      details.open = false;
      if (key) (details.firstElementChild as HTMLElement).focus();
    };
    document.addEventListener("pointerdown", dismiss);
    document.addEventListener("keydown", dismiss);
    return () => {
      document.removeEventListener("pointerdown", dismiss);
      document.removeEventListener("keydown", dismiss);
    };
  }, []);

  return (
    <div
      ref={panelRef}
      id={id}
      className="absolute inset-x-0 top-full border-t border-white/5 bg-ink px-5 pb-6 pt-2 md:hidden"
    >
      <nav aria-label="Mobile">
        <ul className="flex flex-col">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <SectionLink
                section={item.section}
                onNavigate={onClose}
                aria-current={current(item.section)}
                className={`block border-b border-white/5 py-4 text-lg font-semibold ${
                  current(item.section) ? "text-accent" : "text-white/85"
                }`}
              >
                {item.label}
              </SectionLink>
            </li>
          ))}
        </ul>
        <h2 id={categoriesId} className="mt-5 text-xs font-semibold uppercase tracking-[0.3em] text-white/55">
          {SITE_NAV_MESSAGES.categories}
        </h2>
        <ul aria-labelledby={categoriesId} className="mt-2 grid grid-cols-2 gap-2">
          {CATEGORY_LINKS.map(({ label, to }) => (
            <li key={to + label}>
              <Link
                to={to}
                onClick={onClose}
                aria-current={pathname === to ? "page" : undefined}
                className={`flex min-h-11 items-center rounded-xl border px-3 py-2 text-sm font-medium ${
                  pathname === to
                    ? "border-accent/60 text-accent"
                    : "border-white/10 text-white/85 hover:border-accent/40"
                }`}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
