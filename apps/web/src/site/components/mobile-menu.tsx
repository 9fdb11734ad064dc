import { MESSAGES } from "@studio/validators";
import { type RefObject, useEffect, useId, useRef } from "react";
import { Link, useLocation } from "react-router-dom";
import { CATEGORY_LINKS } from "../lib/categories";
import { NAV_ITEMS } from "../lib/nav";
import { SectionLink } from "./section-link";

/**
 * The phone menu panel, the content of the header's <details> (in the page's HTML, so it opens without script),
 * laid over the page under the header. Once live, it closes on a click outside and on Escape.
 */
export default function MobileMenu({
  id,
  open,
  toggleRef,
  current,
  onClose,
}: {
  id: string;
  open: boolean;
  toggleRef: RefObject<HTMLElement | null>;
  current: (section: string) => "page" | undefined;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const categoriesId = useId();
  const { pathname } = useLocation();

  // Closes on a click outside the menu (the toggle handles itself) and on Escape.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      toggleRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open, onClose, toggleRef]);

  return (
    <div
      ref={panelRef}
      id={id}
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4.5rem)] overflow-y-auto border-t border-white/5 bg-ink/95 px-5 pb-6 pt-2 backdrop-blur-md md:hidden"
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
          {MESSAGES.siteNav.categories}
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
