import { MESSAGES, TIMINGS } from "@studio/validators";
import { Suspense, useEffect, useState } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import { getStoredUser } from "../lib/auth-storage";
import { trpc } from "../lib/trpc";
import { prefetchAdminPage } from "./lib/page-queries";
import { useDeferredStart } from "./lib/use-deferred-start";
import { LogoutButton } from "./logout-button";
import { NotificationBell } from "./notification-bell";
import { SettingsDialog } from "./settings-dialog";
import { AdminDrawer } from "./shell/admin-drawer";
import { AdminNav, currentNavItem } from "./shell/admin-nav";
import { Icon } from "./ui/icons";
import { Spinner } from "./ui/spinner";
import { useLiveEvents } from "./lib/live-events";

const SMALL_SCREEN = `(max-width: ${TIMINGS.adminCollapseBelowPx - 0.02}px)`;

function isSmallScreen(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.(SMALL_SCREEN).matches === true;
}

/**
 * The back-office shell: collapsible sidebar (auto-collapsed under 768 px, where expanding it opens the menu as an
 * overlay drawer instead of squeezing the page), header with title, bell and settings.
 */
export default function AdminLayout() {
  // Confirms the token with the server; a 401 clears it and goes to sign-in.
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data ?? getStoredUser();
  const location = useLocation();
  const utils = trpc.useUtils();
  const [small, setSmall] = useState(isSmallScreen);
  const [collapsed, setCollapsed] = useState(isSmallScreen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const profile = trpc.site.profile.useQuery(undefined, { staleTime: 60_000 });
  const brand = MESSAGES.admin.shell.brand(profile.data?.name ?? "Studio");
  const started = useDeferredStart();
  useLiveEvents();
  const unread = trpc.contact.list.useQuery(
    { limit: 1, offset: 0, unreadOnly: true },
    { enabled: started, refetchInterval: TIMINGS.notificationPollMs, staleTime: 10_000 },
  );

  // The shell commits before the page's chunk arrives (Suspense below), so the page's data starts now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on entry; later pages load their own data
  useEffect(() => {
    prefetchAdminPage(utils, location.pathname);
  }, []);

  useEffect(() => {
    const query = window.matchMedia?.(SMALL_SCREEN);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => {
      setSmall(event.matches);
      setCollapsed(event.matches);
      if (!event.matches) setDrawerOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const current = currentNavItem(location.pathname);
  const unreadCount = unread.data?.unread ?? 0;
  const pageName = current?.label ?? "Admin";

  // Every back-office tab is named after its page and the studio (one place for all pages).
  useEffect(() => {
    document.title = MESSAGES.admin.shell.tabTitle(pageName, profile.data?.name ?? "Studio");
  }, [pageName, profile.data?.name]);

  return (
    <div className="admin-shell flex min-h-screen bg-ink text-white">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-lg focus:bg-accent focus:px-4 focus:py-2 focus:text-black"
      >
        Skip to content
      </a>
      <aside
        data-collapsed={collapsed}
        data-testid="admin-sidebar"
        className={`sticky top-0 flex h-screen shrink-0 flex-col border-r border-ink-line bg-ink-soft transition-[width] duration-200 ${
          collapsed ? "w-[4.5rem]" : "w-64"
        }`}
      >
        <div
          className={`flex h-16 items-center border-b border-ink-line ${collapsed ? "justify-center" : "justify-between px-4"}`}
        >
          {collapsed ? null : (
            <Link
              to="/admin/dashboard"
              title={brand}
              className="flex min-w-0 items-center gap-2 font-bold tracking-tight"
            >
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-accent text-black">
                {brand.charAt(0).toUpperCase()}
              </span>
              <span className="truncate">{brand}</span>
            </Link>
          )}
          <button
            type="button"
            onClick={() => (small ? setDrawerOpen(true) : setCollapsed((c) => !c))}
            aria-expanded={small ? drawerOpen : !collapsed}
            aria-controls={small ? undefined : "admin-nav"}
            aria-haspopup={small ? "dialog" : undefined}
            aria-label={collapsed ? MESSAGES.admin.shell.expand : MESSAGES.admin.shell.collapse}
            className="rounded-lg p-2 text-white/70 hover:bg-white/10 hover:text-white"
          >
            <Icon name={collapsed ? "chevronRight" : "chevronLeft"} className="h-5 w-5" />
          </button>
        </div>
        <div id="admin-nav" className="flex min-h-0 flex-1 flex-col">
          <AdminNav compact={collapsed} unreadMessages={unreadCount} label="Admin" />
        </div>
        <div className="border-t border-ink-line p-3">
          <LogoutButton compact={collapsed} className={`w-full ${collapsed ? "justify-center" : ""}`} />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between gap-4 border-b border-ink-line bg-ink/90 px-4 backdrop-blur sm:px-6">
          <p className="truncate text-lg font-semibold" data-testid="admin-page-title">
            {pageName}
          </p>
          <div className="flex items-center gap-1 sm:gap-2">
            <NotificationBell />
            <button
              type="button"
              onClick={() => setSettingsOpen(true)}
              aria-label={MESSAGES.admin.shell.settings}
              className="rounded-full p-2 text-white/80 hover:bg-white/10 hover:text-white"
            >
              <Icon name="settings" className="h-5 w-5" />
            </button>
            <div className="ml-2 hidden items-center gap-2 sm:flex">
              <span className="flex h-8 w-8 items-center justify-center rounded-full bg-white/10 text-sm font-semibold">
                {user?.name?.charAt(0).toUpperCase() ?? "A"}
              </span>
              <span className="max-w-[10rem] truncate text-sm text-white/80">{user?.name}</span>
            </div>
          </div>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 focus:outline-none sm:p-6 lg:p-8">
          <Suspense
            fallback={
              <div role="status" className="flex items-center gap-3 py-10 text-white/70">
                <Spinner /> {MESSAGES.admin.common.loading}
              </div>
            }
          >
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
      {small ? (
        <AdminDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          brand={brand}
          unreadMessages={unreadCount}
        />
      ) : null}
    </div>
  );
}
