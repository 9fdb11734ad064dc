/** Inline SVG icons used below the fold and in dialogs (self-hosted, no icon font). */
import { type IconProps, Svg } from "./icons-core";

export { ArrowDownIcon, ArrowRightIcon, CalendarIcon, CloseIcon, MenuIcon } from "./icons-core";

export function ChevronLeftIcon({ className }: IconProps) {
  return <Svg d="M15 6l-6 6 6 6" className={className} />;
}

export function ChevronRightIcon({ className }: IconProps) {
  return <Svg d="M9 6l6 6-6 6" className={className} />;
}

export function CheckIcon({ className }: IconProps) {
  return <Svg d="M5 12.5l4.5 4.5L19 7.5" className={className} />;
}

export function PhoneIcon({ className }: IconProps) {
  return (
    <Svg
      d="M5 4h3l2 5-2.5 1.5a11 11 0 005 5L14 13l5 2v3a2 2 0 01-2 2A15 15 0 013 6a2 2 0 012-2z"
      className={className}
    />
  );
}

export function MailIcon({ className }: IconProps) {
  return <Svg d="M4 6h16v12H4zM4 7l8 6 8-6" className={className} />;
}

export function MapPinIcon({ className }: IconProps) {
  return (
    <Svg
      d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 100-5 2.5 2.5 0 000 5z"
      className={className}
    />
  );
}

export function ClockIcon({ className }: IconProps) {
  return <Svg d="M12 7v5l3 2M12 21a9 9 0 100-18 9 9 0 000 18z" className={className} />;
}

export function CameraIcon({ className }: IconProps) {
  return <Svg d="M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z" className={className} />;
}

export function VideoIcon({ className }: IconProps) {
  return <Svg d="M3 7h12v10H3zM15 10.5l6-3.5v10l-6-3.5" className={className} />;
}

export function FilmIcon({ className }: IconProps) {
  return (
    <Svg d="M4 4h16v16H4zM8 4v16M16 4v16M4 8h4M4 12h4M4 16h4M16 8h4M16 12h4M16 16h4" className={className} />
  );
}

export function DroneIcon({ className }: IconProps) {
  return (
    <Svg
      d="M9 10h6v4H9zM3 7h6M15 7h6M6 7v3l3 1.5M18 7v3l-3 1.5M10 14l-1.5 3M14 14l1.5 3"
      className={className}
    />
  );
}

export function SparklesIcon({ className }: IconProps) {
  return (
    <Svg
      d="M11 3l1.8 4.7 4.7 1.8-4.7 1.8L11 16l-1.8-4.7-4.7-1.8 4.7-1.8zM18.5 14l.8 2.2 2.2.8-2.2.8-.8 2.2-.8-2.2-2.2-.8 2.2-.8z"
      className={className}
    />
  );
}

export function BriefcaseIcon({ className }: IconProps) {
  return <Svg d="M4 8h16v11H4zM9 8V5h6v3M4 13h16" className={className} />;
}

export function MegaphoneIcon({ className }: IconProps) {
  return <Svg d="M4 10v4h3l7 4V6L7 10zM17 9a4 4 0 010 6M7 14l1 5h3l-1-4" className={className} />;
}

export function MessageIcon({ className }: IconProps) {
  return <Svg d="M4 5h16v11H9l-5 4z" className={className} />;
}

export function StarIcon({ className }: IconProps) {
  return (
    <Svg
      d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.8z"
      className={className}
      filled
    />
  );
}

export function PlayIcon({ className }: IconProps) {
  return <Svg d="M8 5v14l11-7z" className={className} filled />;
}

export function EyeIcon({ className }: IconProps) {
  return (
    <Svg
      d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 100-6 3 3 0 000 6z"
      className={className}
    />
  );
}

export function UploadIcon({ className }: IconProps) {
  return <Svg d="M12 16V4M7 9l5-5 5 5M4 17v3h16v-3" className={className} />;
}

export function FileIcon({ className }: IconProps) {
  return <Svg d="M6 3h8l4 4v14H6zM14 3v4h4" className={className} />;
}

export function QuoteIcon({ className }: IconProps) {
  return (
    <Svg d="M4 18v-5a6 6 0 016-6M14 18v-5a6 6 0 016-6M4 13h5v5H4zM14 13h5v5h-5z" className={className} />
  );
}

export function AwardIcon({ className }: IconProps) {
  return <Svg d="M12 15a6 6 0 100-12 6 6 0 000 12zM8.5 14l-1.5 7 5-3 5 3-1.5-7" className={className} />;
}

export function EyeTargetIcon({ className }: IconProps) {
  return (
    <Svg
      d="M12 21a9 9 0 100-18 9 9 0 000 18zM12 16a4 4 0 100-8 4 4 0 000 8zM12 12h.01"
      className={className}
    />
  );
}

export function HeartIcon({ className }: IconProps) {
  return <Svg d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" className={className} />;
}

export function InstagramIcon({ className }: IconProps) {
  return (
    <Svg
      d="M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zM12 16a4 4 0 100-8 4 4 0 000 8zM17.5 6.5h.01"
      className={className}
    />
  );
}

export function YoutubeIcon({ className }: IconProps) {
  return (
    <Svg
      d="M3 8a3 3 0 013-3h12a3 3 0 013 3v8a3 3 0 01-3 3H6a3 3 0 01-3-3zM10 9l5 3-5 3z"
      className={className}
    />
  );
}

export function FacebookIcon({ className }: IconProps) {
  return <Svg d="M15 4h-2a4 4 0 00-4 4v3H7v3h2v7h3v-7h3l1-3h-4V8a1 1 0 011-1h2z" className={className} />;
}

export function TwitterIcon({ className }: IconProps) {
  return <Svg d="M4 4h4.5L20 20h-4.5zM20 4l-6.8 7.6M4 20l6.8-7.6" className={className} />;
}

export function LinkedinIcon({ className }: IconProps) {
  return (
    <Svg
      d="M4 9h4v11H4zM6 4.5a2 2 0 110 4 2 2 0 010-4zM11 20V9h3.5v1.6A4 4 0 0118 8.7c2.4 0 3 1.6 3 4.3v7h-3.5v-6c0-1.3-.5-2-1.6-2-1.2 0-1.9.9-1.9 2v6z"
      className={className}
    />
  );
}

export const SOCIAL_ICONS = {
  Instagram: InstagramIcon,
  YouTube: YoutubeIcon,
  Facebook: FacebookIcon,
  Twitter: TwitterIcon,
  LinkedIn: LinkedinIcon,
} as const;
