import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

type Tone = "amber" | "yellow" | "green" | "blue" | "red" | "violet" | "slate";
const TONES: Record<Tone, string> = {
  amber: "bg-amber-500/15 text-amber-300",
  yellow: "bg-yellow-400/15 text-yellow-300",
  green: "bg-green-500/15 text-green-300",
  blue: "bg-blue-500/15 text-blue-300",
  red: "bg-red-500/15 text-red-300",
  violet: "bg-violet-500/15 text-violet-300",
  slate: "bg-white/10 text-white/80",
};

/**
 * A labelled figure; the label names the group for screen readers. The card is a size container: when it
 * is too narrow for the label beside the icon (phones, or many cards per row), the icon moves above the
 * label instead of covering it.
 */
export function StatCard({
  label,
  value,
  icon,
  tone = "slate",
  extra,
  className = "",
}: {
  label: string;
  value: ReactNode;
  icon: IconName;
  tone?: Tone;
  extra?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={`@container rounded-2xl border border-ink-line bg-ink-soft p-5 ${className}`}
    >
      <div className="flex flex-col-reverse items-start gap-3 @min-[8.5rem]:flex-row @min-[8.5rem]:justify-between">
        {/* break-words: should a label ever be longer than the room left, it wraps rather than overlaps. */}
        <div className="min-w-0 max-w-full break-words">
          <p className="text-sm font-medium text-white/70">{label}</p>
          {/* A figure never breaks ("$1,4 / 98"): it stays on one line and its size follows the card's width. */}
          <p
            className="mt-1 whitespace-nowrap text-[clamp(1.25rem,15cqi,1.875rem)] font-bold tabular-nums text-white [overflow-wrap:normal]"
            data-testid="stat-value"
          >
            {value}
          </p>
          {extra ? <div className="mt-1 text-xs text-white/70">{extra}</div> : null}
        </div>
        <span className={`shrink-0 rounded-xl p-2.5 ${TONES[tone]}`}>
          <Icon name={icon} className="h-5 w-5" />
        </span>
      </div>
    </div>
  );
}
