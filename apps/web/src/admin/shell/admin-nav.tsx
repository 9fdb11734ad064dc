import { ADMIN_SHELL_PAGES } from "@studio/validators";
import { NavLink } from "react-router-dom";
import { Icon, type IconName } from "../ui/icons";

export type NavItem = { to: string; label: string; icon: IconName };

/** Each page of the shell's name and icon (a page added to ADMIN_SHELL_PAGES must be named here). */
const SECTIONS: Record<(typeof ADMIN_SHELL_PAGES)[number], Omit<NavItem, "to">> = {
  dashboard: { label: "Dashboard", icon: "dashboard" },
  services: { label: "Services", icon: "services" },
  portfolio: { label: "Portfolio", icon: "portfolio" },
  galleries: { label: "Galleries", icon: "camera" },
  bookings: { label: "Bookings", icon: "bookings" },
  feedback: { label: "Feedback", icon: "feedback" },
  analytics: { label: "Analytics", icon: "analytics" },
  messages: { label: "Messages", icon: "messages" },
  mail: { label: "Mail", icon: "mailOpen" },
  activity: { label: "Activity", icon: "activity" },
  team: { label: "Team", icon: "team" },
  settings: { label: "Settings", icon: "settings" },
  hours: { label: "Hours", icon: "clock" },
  api: { label: "API", icon: "external" },
};

/** The back office's sections, in the sidebar's order; the header and the tab title name the current one. */
export const ADMIN_NAV: NavItem[] = ADMIN_SHELL_PAGES.map((page) => ({
  to: `/admin/${page}`,
  ...SECTIONS[page],
}));

export function currentNavItem(pathname: string): NavItem | undefined {
  return ADMIN_NAV.find((item) => pathname.startsWith(item.to));
}

type Props = {
  /** Icons only (the collapsed rail); the names stay for screen readers and as tooltips. */
  compact: boolean;
  unreadMessages: number;
  label: string;
  /** Called when a section is chosen (the phone drawer closes). */
  onNavigate?: () => void;
};

export function AdminNav({ compact, unreadMessages, label, onNavigate }: Props) {
  return (
    <nav aria-label={label} className="flex-1 overflow-y-auto p-3">
      <ul className="space-y-1">
        {ADMIN_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              title={compact ? item.label : undefined}
              onClick={onNavigate}
              className={({ isActive }) =>
                `relative flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors ${
                  compact ? "justify-center" : ""
                } ${isActive ? "bg-accent/15 text-amber-300" : "text-white/75 hover:bg-white/5 hover:text-white"}`
              }
            >
              <Icon name={item.icon} className="h-5 w-5 shrink-0" />
              <span className={compact ? "sr-only" : ""}>{item.label}</span>
              {item.to === "/admin/messages" && unreadMessages > 0 ? (
                <span
                  className={`rounded-full bg-accent px-1.5 text-[11px] font-bold text-black ${
                    compact ? "absolute right-1 top-1" : "ml-auto"
                  }`}
                >
                  {unreadMessages > 9 ? "9+" : unreadMessages}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
