import { useCallback } from "react";
import { Link } from "react-router-dom";
import { useSiteDialogs } from "../dialogs";
import { useScrolledPast } from "../hooks/use-scroll";
import { CameraIcon, DroneIcon, MegaphoneIcon, MessageIcon, SparklesIcon, VideoIcon } from "./icons";

const SIDE_LINKS = [
  { label: "Live Streaming", to: "/videography", Icon: VideoIcon },
  { label: "Photography", to: "/photography", Icon: CameraIcon },
  { label: "Drone Services", to: "/drone-services", Icon: DroneIcon },
  { label: "VFX & Post", to: "/vfx-post", Icon: SparklesIcon },
  { label: "Brand Content", to: "/commercial", Icon: MegaphoneIcon },
] as const;

/** Category shortcuts on the home page (hidden beyond twice the window height) and Share Feedback. */
export function FloatingButtons() {
  const beyond = useScrolledPast(useCallback(() => window.innerHeight * 2, []));
  const { openFeedback, preload } = useSiteDialogs();
  return (
    <>
      <nav
        aria-label="Categories"
        hidden={beyond}
        className="fixed left-4 top-1/2 z-30 hidden -translate-y-1/2 md:block"
      >
        <ul className="flex flex-col gap-2.5">
          {SIDE_LINKS.map(({ label, to, Icon }) => (
            <li key={to + label}>
              <Link
                to={to}
                className="group flex h-11 items-center gap-3 rounded-full border border-white/10 bg-ink/70 pl-3 pr-3 text-white/80 shadow-lg backdrop-blur-md transition-all hover:border-accent/60 hover:pr-5 hover:text-white focus-visible:pr-5"
              >
                <Icon className="h-5 w-5 shrink-0 text-accent" />
                <span className="max-w-0 overflow-hidden whitespace-nowrap text-sm font-medium transition-all duration-300 group-hover:max-w-40 group-focus-visible:max-w-40">
                  {label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        onClick={openFeedback}
        onPointerEnter={preload}
        onFocus={preload}
        className="fixed bottom-5 left-5 z-30 inline-flex items-center gap-2 rounded-full border border-white/10 bg-ink/80 px-4 py-3 text-sm font-semibold text-white shadow-xl backdrop-blur-md transition hover:border-accent/60 hover:text-accent"
      >
        <MessageIcon className="h-5 w-5 text-accent" />
        Share Feedback
      </button>
    </>
  );
}
