import { formatDateTime, formatUsd, LIST_DEFAULTS, MESSAGES, TIMINGS } from "@studio/validators";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useToast } from "../../components/ui/toast";
import { getStoredUser } from "../../lib/auth-storage";
import { errorMessage, trpc } from "../../lib/trpc";
import { relativeTime } from "../lib/format";
import { recentBookingsInput } from "../lib/page-queries";
import { ServicesManager } from "../services/services-manager";
import { Icon, type IconName } from "../ui/icons";
import { StatCard } from "../ui/stat-card";
import { StatusBadge } from "../ui/status-badge";

const m = MESSAGES.admin.dashboard;
const poll = { refetchInterval: TIMINGS.dashboardPollMs, staleTime: 10_000 };

const QUICK_ACTIONS: { to: string; title: string; text: string; icon: IconName }[] = [
  {
    to: "/admin/services",
    title: "Manage Services",
    text: "Add, edit and price your offer",
    icon: "services",
  },
  { to: "/admin/portfolio", title: "Manage Portfolio", text: "Publish your latest work", icon: "portfolio" },
  { to: "/admin/bookings", title: "View Bookings", text: "Confirm and schedule sessions", icon: "bookings" },
  { to: "/admin/analytics", title: "View Analytics", text: "Trends, revenue and ratings", icon: "analytics" },
];

type Activity = { key: string; icon: IconName; title: string; detail: string; time: string; status?: string };

export default function AdminDashboardPage() {
  const toast = useToast();
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const name = me.data?.name ?? getStoredUser()?.name ?? "Admin";
  const services = trpc.services.list.useQuery(undefined, poll);
  const portfolio = trpc.portfolio.adminList.useQuery({}, poll);
  const stats = trpc.bookings.stats.useQuery(undefined, poll);
  const recent = trpc.bookings.list.useQuery(recentBookingsInput, poll);

  const failed = services.error ?? portfolio.error ?? stats.error ?? recent.error;
  useEffect(() => {
    if (failed) toast.show(errorMessage(failed, m.loadFailed), "error");
  }, [failed, toast]);

  const activity: Activity[] = [
    ...(recent.data?.items ?? []).slice(0, LIST_DEFAULTS.recentBookings).map((b) => ({
      key: `b-${b.id}`,
      icon: "bookings" as const,
      title: `New booking from ${b.name}`,
      detail: `${b.service_title ?? MESSAGES.booking.serviceMissing} · ${formatDateTime(b.date, b.time)}`,
      time: b.created_at,
      status: b.status,
    })),
    ...[...(services.data ?? [])]
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, LIST_DEFAULTS.recentServices)
      .map((s) => ({
        key: `s-${s.id}`,
        icon: "services" as const,
        title: `Service added: ${s.title}`,
        detail: formatUsd(s.price),
        time: s.created_at,
      })),
  ];

  const value = (n: number | undefined) => (n === undefined ? "–" : n);

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-white sm:text-3xl">{m.welcome(name)}</h1>
        <p className="mt-1 text-sm text-white/70">Here is what is happening at the studio today.</p>
      </div>

      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard label={m.totalServices} value={value(services.data?.length)} icon="services" tone="amber" />
        <StatCard
          label={m.portfolioItems}
          value={value(portfolio.data?.length)}
          icon="portfolio"
          tone="violet"
        />
        <StatCard label={m.totalBookings} value={value(stats.data?.total)} icon="bookings" tone="blue" />
        <StatCard label={m.pendingBookings} value={value(stats.data?.pending)} icon="clock" tone="yellow" />
      </div>

      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-4 text-xl font-semibold text-white">
          Quick Actions
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {QUICK_ACTIONS.map((a) => (
            <li key={a.to}>
              <Link
                to={a.to}
                className="group flex h-full items-center gap-4 rounded-2xl border border-ink-line bg-ink-soft p-5 transition-colors hover:border-accent/60"
              >
                <span className="rounded-xl bg-accent/15 p-3 text-amber-300">
                  <Icon name={a.icon} className="h-6 w-6" />
                </span>
                <span>
                  <span className="block font-semibold text-white">{a.title}</span>
                  <span className="block text-sm text-white/70">{a.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <ServicesManager heading="h2" />
        <section aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="mb-4 text-xl font-semibold text-white">
            {m.recentActivity}
          </h2>
          {activity.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-ink-line p-6 text-sm text-white/70">
              {m.noActivity}
            </p>
          ) : (
            <ul className="divide-y divide-ink-line rounded-2xl border border-ink-line bg-ink-soft">
              {activity.map((a) => (
                <li key={a.key} className="flex gap-3 p-4">
                  <span className="mt-0.5 h-fit shrink-0 rounded-full bg-white/5 p-2 text-white/80">
                    <Icon name={a.icon} className="h-4 w-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-white">{a.title}</p>
                    <p className="truncate text-xs text-white/70">{a.detail}</p>
                    <div className="mt-1 flex items-center gap-2 text-xs text-white/60">
                      {relativeTime(a.time)}
                      {a.status ? <StatusBadge status={a.status} /> : null}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
