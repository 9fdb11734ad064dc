import { TIMINGS } from "@studio/validators";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useLocation } from "react-router-dom";
import { useBookNow } from "../dialogs";
import { subscribeScroll, useScrolledPast } from "../hooks/use-scroll";
import { currentSection, NAV_ITEMS } from "../lib/nav";
import { HOME_SECTIONS } from "../lib/sections";
import { CalendarIcon, CloseIcon, MenuIcon } from "./icons-core";
import { SectionLink } from "./section-link";
import { useStudioProfile } from "../studio-profile";
import { loadAfterFirstView } from "../../app/server-painted";

// The phone menu's panel is in the page's HTML (the <details> opens it without script); its code (closing on a
// click outside, on Escape, on a choice) loads after the first view, as the footer's does, or on first use.
/** One header per page: its menu's id is fixed. */
const MENU_ID = "site-menu";
const MobileMenu = lazy(loadAfterFirstView(() => import("./mobile-menu")));

/** Which home section is under the header (scroll spy); "" at the top of the page. */
function useActiveSection(enabled: boolean): string {
  const [active, setActive] = useState("");
  useEffect(() => {
    if (!enabled) return;
    return subscribeScroll(() => {
      const line = window.innerHeight * 0.35;
      let current = "";
      for (const id of HOME_SECTIONS) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) current = id;
      }
      setActive(current);
    });
  }, [enabled]);
  return active;
}

/**
 * The studio's logo when it has one (instead of the name, as Settings promises; the name is its alt text),
 * else the default mark and the name on one line, cut with an ellipsis when the space runs out (the whole
 * name in its title).
 */
export function Brand() {
  const { name, logo } = useStudioProfile();
  if (logo)
    return (
      <img
        src={logo}
        alt={name}
        title={name}
        className="block h-9 w-auto max-w-40 object-contain sm:max-w-48"
        data-testid="studio-logo"
      />
    );
  return (
    <span className="flex min-w-0 items-center gap-2.5">
      <BrandMark />
      <span
        title={name}
        data-testid="studio-name"
        className="min-w-0 truncate font-display text-lg font-extrabold uppercase tracking-[0.28em]"
      >
        {name}
      </span>
    </span>
  );
}

/** The default mark, shown until the studio uploads its logo. */
function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
      <circle
        cx="16"
        cy="16"
        r="14"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        className="text-accent"
      />
      <path d="M16 6l5 9h-10zM26 16l-9 5v-10zM16 26l-5-9h10zM6 16l9-5v10z" fill="currentColor" opacity=".9" />
    </svg>
  );
}

export function Header() {
  const { pathname } = useLocation();
  const onHome = pathname === "/";
  const scrolled = useScrolledPast(TIMINGS.scrollThresholdPx);
  const active = useActiveSection(onHome);
  const [menuOpen, setMenuOpen] = useState(false);
  // The phone menu is a <details>: it opens without script (and before the page is live); React follows it.
  const menuRef = useRef<HTMLDetailsElement>(null);
  // Opened before hydration: the state catches up (the toggle event came before React listened).
  useEffect(() => {
    if (menuRef.current?.open) setMenuOpen(true);
  }, []);
  const bookNow = useBookNow();
  const { name } = useStudioProfile();

  const solid = scrolled || menuOpen;
  const here = currentSection(pathname, active);
  const current = useCallback((section: string) => (here === section ? "page" : undefined), [here]);
  // The same element while the page and its section are: the panel hydrates after the first view, and a new
  // element before then (any render of the header: scrolling, opening the menu) makes React drop its server HTML,
  // so the open panel would blink out until its code is in.
  const menuPanel = useMemo(
    () => (
      <Suspense fallback={null}>
        <MobileMenu id={MENU_ID} current={current} pathname={pathname} />
      </Suspense>
    ),
    [current, pathname],
  );
  const linkClass = (section: string) =>
    `relative inline-block whitespace-nowrap rounded-full px-3 py-2 text-sm font-medium transition-colors lg:px-4 ${
      current(section)
        ? "text-white after:absolute after:inset-x-3 after:-bottom-0.5 lg:after:inset-x-4 after:h-0.5 after:rounded-full after:bg-accent"
        : "text-white/75 hover:text-white"
    }`;

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,backdrop-filter] duration-300 ${
        solid
          ? "border-b border-white/5 bg-ink/85 shadow-[0_12px_32px_-12px_rgba(0,0,0,0.7)] backdrop-blur-md"
          : "bg-transparent"
      }`}
    >
      <div className="mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-5 sm:px-8">
        <Link to="/" className="min-w-0 rounded-md text-white" aria-label={`${name}, home`}>
          <Brand />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <SectionLink
                  section={item.section}
                  className={linkClass(item.section)}
                  aria-current={current(item.section)}
                >
                  {item.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            {...bookNow}
            className="hidden whitespace-nowrap rounded-full bg-accent px-4 py-2.5 text-sm font-semibold text-black lg:px-5 shadow-[0_0_0_0_rgba(245,158,11,0.5)] transition hover:bg-accent-strong hover:shadow-[0_0_30px_-4px_rgba(245,158,11,0.6)] md:inline-flex"
          >
            Book Now
          </button>
          <button
            type="button"
            {...bookNow}
            aria-label="Book Now"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-accent text-black md:hidden"
          >
            <CalendarIcon />
          </button>
          <details
            ref={menuRef}
            onToggle={(event) => setMenuOpen(event.currentTarget.open)}
            className="group md:hidden"
          >
            <summary
              role="button"
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-white/15 text-white"
            >
              <MenuIcon className="h-5 w-5 group-open:hidden" />
              <CloseIcon className="hidden h-5 w-5 group-open:block" />
            </summary>
            {menuPanel}
          </details>
        </div>
      </div>
    </header>
  );
}
