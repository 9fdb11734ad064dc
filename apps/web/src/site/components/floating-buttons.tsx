import { MESSAGES } from "@studio/validators";
import { type ComponentType, useCallback } from "react";
import { Link } from "react-router-dom";
import { useFeedbackLink } from "../dialogs";
import { useScrolledPast } from "../hooks/use-scroll";
import { CATEGORY_LINKS, type CategoryPath } from "../lib/categories";
import { CameraIcon, DroneIcon, MegaphoneIcon, MessageIcon, SparklesIcon, VideoIcon } from "./icons";
import type { IconProps } from "./icons-core";

const ICONS: Record<CategoryPath, ComponentType<IconProps>> = {
  "/videography": VideoIcon,
  "/photography": CameraIcon,
  "/drone-services": DroneIcon,
  "/vfx-post": SparklesIcon,
  "/commercial": MegaphoneIcon,
};

/*
 * Both live in the page's side gutter, never over the content. Every section keeps its content inside
 * `px-5 sm:px-8` (20 px, then 32 px) of a centred max-w-7xl column, so a tab flush with the window edge
 * that is narrower than the gutter (16 px below sm, 28 px above, 44 px from 85rem where the column leaves a
 * wider margin) covers nothing at any scroll position and keeps a few pixels clear of the text (a 20 px tab
 * touched the hero's lines at 390 px). A category tab widens to show its name only while
 * it is hovered or focused.
 */

/** Category shortcuts on the home page (hidden beyond twice the window height) and Share Feedback. */
export function FloatingButtons() {
  const beyond = useScrolledPast(useCallback(() => window.innerHeight * 2, []));
  const feedbackLink = useFeedbackLink();
  return (
    <>
      <nav
        aria-label={MESSAGES.siteNav.categories}
        hidden={beyond}
        className="fixed left-0 top-1/2 z-30 hidden -translate-y-1/2 md:block"
      >
        <ul className="flex flex-col items-start gap-1.5">
          {CATEGORY_LINKS.map(({ label, to }) => {
            const Icon = ICONS[to];
            return (
              <li key={to + label}>
                <Link
                  to={to}
                  className="group flex h-10 items-center rounded-r-full border border-l-0 border-white/10 bg-ink/80 pl-1.5 pr-1 text-white/80 shadow-lg backdrop-blur-md transition-all hover:border-accent/60 hover:text-white min-[85rem]:h-11 min-[85rem]:px-3"
                >
                  <Icon className="h-4 w-4 shrink-0 text-accent min-[85rem]:h-5 min-[85rem]:w-5" />
                  <span className="max-w-0 overflow-hidden whitespace-nowrap text-sm font-medium transition-all duration-300 group-hover:mx-2.5 group-hover:max-w-40 group-focus-visible:mx-2.5 group-focus-visible:max-w-40">
                    {label}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {/* A tab on the right edge, its label set vertically (read bottom to top). */}
      <a
        {...feedbackLink}
        className="fixed right-0 top-1/2 z-30 flex w-4 -translate-y-1/2 justify-center rounded-l-xl border border-r-0 border-white/10 bg-ink/85 py-3.5 text-[10px] font-semibold tracking-wide text-white shadow-xl backdrop-blur-md transition hover:border-accent/60 hover:text-accent sm:w-7 sm:py-4 sm:text-xs min-[85rem]:w-11 min-[85rem]:text-sm"
      >
        <span className="flex rotate-180 items-center gap-2 leading-none [writing-mode:vertical-rl]">
          <MessageIcon className="h-3.5 w-3.5 shrink-0 rotate-180 text-accent sm:h-4 sm:w-4 min-[85rem]:h-5 min-[85rem]:w-5" />
          Share Feedback
        </span>
      </a>
    </>
  );
}
