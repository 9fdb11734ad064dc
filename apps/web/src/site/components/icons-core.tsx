/** Inline SVG icons (self-hosted, no icon font). The few the first view needs live here; the rest in icons.tsx. */
export type IconProps = { className?: string };

export function Svg({
  d,
  className = "h-5 w-5",
  filled = false,
}: IconProps & { d: string; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke={filled ? "none" : "currentColor"}
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export function MenuIcon({ className }: IconProps) {
  return <Svg d="M4 7h16M4 12h16M4 17h16" className={className} />;
}

export function CloseIcon({ className }: IconProps) {
  return <Svg d="M6 6l12 12M18 6L6 18" className={className} />;
}

export function CalendarIcon({ className }: IconProps) {
  return (
    <Svg
      d="M7 3v3M17 3v3M4 9h16M5 5h14a1 1 0 011 1v13a1 1 0 01-1 1H5a1 1 0 01-1-1V6a1 1 0 011-1z"
      className={className}
    />
  );
}

export function ArrowRightIcon({ className }: IconProps) {
  return <Svg d="M5 12h14M13 6l6 6-6 6" className={className} />;
}

export function ArrowDownIcon({ className }: IconProps) {
  return <Svg d="M12 5v14M6 13l6 6 6-6" className={className} />;
}
