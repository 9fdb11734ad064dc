/**
 * The content's emoji (category pages, service categories) drawn with the site's own SVG line icons: an emoji
 * renders as an empty box where no emoji font is installed. An emoji without a drawing here stays the
 * fallback.
 */
import { DEFAULT_SERVICE_EMOJI, SERVICE_CATEGORY_EMOJI } from "@studio/validators";
import { Svg } from "../site/components/icons-core";

const CAMERA = "M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z";
const VIDEO = "M3 7h12v10H3zM15 10.5l6-3.5v10l-6-3.5";
const CLAPPER = "M4 10h16v10H4zM4 10l1.5-5 14.5 0-1.5 5M9.5 5L8 10M15 5l-1.5 5";
const DRONE = "M9 10h6v4H9zM3 7h6M15 7h6M6 7v3l3 1.5M18 7v3l-3 1.5M10 14l-1.5 3M14 14l1.5 3";
const SPARKLES =
  "M11 3l1.8 4.7 4.7 1.8-4.7 1.8L11 16l-1.8-4.7-4.7-1.8 4.7-1.8zM18.5 14l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z";
const BRIEFCASE = "M4 8h16v11H4zM9 8V5h6v3M4 13h16";
const SCISSORS =
  "M6 5a2.5 2.5 0 100 5 2.5 2.5 0 000-5zM6 14a2.5 2.5 0 100 5 2.5 2.5 0 000-5zM8.2 8.8L20 4M8.2 15.2L20 20";
const CLOCK = "M12 7v5l3 2M12 21a9 9 0 100-18 9 9 0 000 18z";
const CALENDAR = "M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z";
const PALETTE =
  "M12 3a9 9 0 100 18c1.2 0 2-.8 2-2 0-1.5-1.5-2-1.5-3.2 0-1 .8-1.8 1.8-1.8H17a4 4 0 004-4c0-3.9-4-7-9-7zM7.5 11.5h.01M9.5 7.5h.01M14.5 7.5h.01";
const CHART = "M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6";
const DOCUMENT = "M8 4h8v3H8zM6 5h2M16 5h2v15H6V5M9 11h6M9 15h4";
const SCREEN = "M3 5h18v11H3zM9 20h6M12 16v4";
const SHIELD = "M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z";
const EYE = "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z";

/** Emoji (without variation selectors) → the SVG path of its line icon. */
const DRAWINGS: Record<string, string> = {
  "📸": CAMERA,
  "🎥": VIDEO,
  "📺": SCREEN,
  "🎞": CLAPPER,
  "🎬": CLAPPER,
  "🚁": DRONE,
  "🌀": "M12 12a2 2 0 100-4M12 8a4 4 0 11-4 4M8 12a6 6 0 116 6M14 18a8 8 0 11-10-8",
  "✨": SPARKLES,
  "🎉": SPARKLES,
  "🎭": SPARKLES,
  "💼": BRIEFCASE,
  "✂": SCISSORS,
  "⏱": CLOCK,
  "🗓": CALENDAR,
  "⚡": "M13 3L5 14h6l-1 7 8-11h-6z",
  "🌐": "M12 3a9 9 0 100 18 9 9 0 000-18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9S14.5 18.3 12 21M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9",
  "🌗": "M12 3a9 9 0 100 18zM12 3a9 9 0 010 18",
  "🎙": "M9 4h6v9H9zM6 11a6 6 0 0012 0M12 17v4M8 21h8",
  "🎨": PALETTE,
  "🖌": PALETTE,
  "🎯": "M12 3a9 9 0 100 18 9 9 0 000-18zM12 7a5 5 0 100 10 5 5 0 000-10zM12 11a1 1 0 100 2 1 1 0 000-2z",
  "🏗": "M4 21V9l8-5 8 5v12M9 21v-6h6v6",
  "💡": "M9 18h6M10 21h4M12 3a6 6 0 00-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0012 3z",
  "📈": CHART,
  "📊": CHART,
  "📋": DOCUMENT,
  "🧾": DOCUMENT,
  "🖨": "M7 8V4h10v4M5 8h14v8h-2M7 16H5V8M7 13h10v7H7z",
  "📐": "M4 20V4l16 16zM8 16h4",
  "📡": "M12 12a1 1 0 100 2 1 1 0 000-2zM8.5 9.5a5 5 0 000 7M15.5 9.5a5 5 0 010 7M5.5 6.5a9 9 0 000 13M18.5 6.5a9 9 0 010 13",
  "📦": "M4 7l8-4 8 4v10l-8 4-8-4zM4 7l8 4 8-4M12 11v10",
  "📱": "M8 3h8v18H8zM11 18h2",
  "🖥": SCREEN,
  "🔒": "M6 11h12v9H6zM8 11V8a4 4 0 018 0v3",
  "🛡": SHIELD,
  "🔭": EYE,
  "🤝": "M3 11l4-4 5 3 5-3 4 4-4 4-3-2-2 2-2-2-3 2z",
  "🧩": "M4 8h4a2 2 0 114 0h4v4a2 2 0 110 4v4H4v-4a2 2 0 100-4z",
  "🪪": "M3 6h18v12H3zM7 10h4M7 14h6M15 10h3v4h-3z",
};

const bare = (emoji: string) => emoji.replace(/\uFE0F/g, "").trim();

/** Whether the emoji has a drawing (tests check every content emoji has one). */
export function hasDrawing(emoji: string): boolean {
  return bare(emoji) in DRAWINGS;
}

export function EmojiIcon({ emoji, className = "h-7 w-7" }: { emoji: string; className?: string }) {
  const d = DRAWINGS[bare(emoji)];
  if (d)
    return (
      <span className="contents" data-emoji={bare(emoji)}>
        <Svg d={d} className={className} />
      </span>
    );
  return (
    <span className="text-2xl leading-none" aria-hidden="true">
      {emoji}
    </span>
  );
}

/** A service's icon: its own emoji if the admin set one, else its category's (the specification's list). */
export function ServiceIcon({
  icon,
  category,
  className,
}: {
  icon: string | null;
  category: string;
  className?: string;
}) {
  const emoji =
    icon ||
    (SERVICE_CATEGORY_EMOJI[category as keyof typeof SERVICE_CATEGORY_EMOJI] ?? DEFAULT_SERVICE_EMOJI);
  return <EmojiIcon emoji={emoji} className={className} />;
}
