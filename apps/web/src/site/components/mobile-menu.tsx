import { type RefObject, useEffect, useRef } from "react";
import { NAV_ITEMS } from "../lib/nav";
import { SectionLink } from "./section-link";

/** The phone menu panel (its own small chunk, loaded when the toggle is first used). */
export default function MobileMenu({
  id,
  toggleRef,
  current,
  onClose,
}: {
  id: string;
  toggleRef: RefObject<HTMLButtonElement | null>;
  current: (section: string) => "page" | undefined;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);

  // Closes on a click outside the menu (the toggle handles itself) and on Escape.
  useEffect(() => {
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
  }, [onClose, toggleRef]);

  return (
    <div
      ref={panelRef}
      id={id}
      className="border-t border-white/5 bg-ink/95 px-5 pb-6 pt-2 backdrop-blur-md md:hidden"
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
      </nav>
    </div>
  );
}
