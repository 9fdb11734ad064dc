import {
  type AnalyticsOverview,
  formatDayMonth,
  formatMonth,
  formatTime,
  formatUsd,
  MESSAGES,
  plural,
} from "@studio/validators";
import { lazy, type ReactNode, Suspense } from "react";
import { Button } from "../../components/ui/button";
import { errorMessage, trpc } from "../../lib/trpc";
import type { Datum } from "../analytics/charts";
import { statusLabel } from "../lib/format";
import { EmptyState } from "../ui/empty-state";
import { Icon, Stars } from "../ui/icons";
import { PageHeader } from "../ui/page-header";
import { StatCard } from "../ui/stat-card";

const BarChartView = lazy(() => import("../analytics/charts").then((mod) => ({ default: mod.BarChartView })));
const LineChartView = lazy(() =>
  import("../analytics/charts").then((mod) => ({ default: mod.LineChartView })),
);

const m = MESSAGES.admin.analytics;
const STATUS_COLORS: Record<string, string> = {
  pending: "#facc15",
  confirmed: "#22c55e",
  completed: "#3b82f6",
  cancelled: "#ef4444",
};

/** A chart card: the chart is decorative for assistive tech; the same numbers are in a table. */
function ChartCard({
  title,
  columns,
  rows,
  children,
  className = "",
}: {
  title: string;
  columns: [string, string];
  rows: [string, ReactNode][];
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`rounded-2xl border border-ink-line bg-ink-soft p-5 ${className}`} aria-label={title}>
      <h2 className="mb-4 text-base font-semibold text-white">{title}</h2>
      <div aria-hidden="true">
        <Suspense fallback={<div className="h-60 animate-pulse rounded-xl bg-white/5" />}>
          {children}
        </Suspense>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-white/70 hover:text-white">View data</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead className="text-xs uppercase text-white/60">
            <tr>
              <th scope="col" className="py-1 font-semibold">
                {columns[0]}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {columns[1]}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-line">
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row" className="py-1 font-normal text-white/85">
                  {label}
                </th>
                <td className="py-1 text-right tabular-nums text-white">{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Overview({ data }: { data: AnalyticsOverview }) {
  const b = data.bookings;
  const f = data.feedback;
  const perWeek: Datum[] = b.per_week.map((w) => ({ label: formatDayMonth(w.week_start), value: w.count }));
  const byStatus: Datum[] = (Object.keys(b.by_status) as (keyof typeof b.by_status)[]).map((s) => ({
    label: statusLabel(s),
    value: b.by_status[s],
    color: STATUS_COLORS[s],
  }));
  const byService: Datum[] = b.by_service.slice(0, 8).map((s) => ({ label: s.title, value: s.count }));
  const weekdays: Datum[] = b.by_weekday.map((d) => ({ label: d.label.slice(0, 3), value: d.count }));
  const slots: Datum[] = b.by_slot.map((s) => ({ label: formatTime(s.time), value: s.count }));
  const ratings: Datum[] = f.distribution.map((r) => ({
    label: `${r.rating}★`,
    value: r.count,
    color: "#fbbf24",
  }));
  const perMonth: Datum[] = f.per_month.map((p) => ({
    label: formatMonth(`${p.month}-01`),
    value: p.average_rating,
  }));
  const busiestDay = [...b.by_weekday].sort((x, y) => y.count - x.count)[0];
  const busiestSlot = [...b.by_slot].sort((x, y) => y.count - x.count)[0];

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Total bookings" value={b.total} icon="bookings" tone="blue" />
        <StatCard
          label={m.confirmRate}
          value={`${b.confirm_rate}%`}
          icon="check"
          tone="green"
          extra="Confirmed or completed"
        />
        <StatCard
          label={m.uploadRate}
          value={`${b.upload_rate}%`}
          icon="file"
          tone="violet"
          extra={`${b.with_proof} with proof`}
        />
        <StatCard
          label="Average rating"
          value={f.total ? f.average_rating.toFixed(1) : "–"}
          icon="feedback"
          tone="yellow"
          extra={
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Stars value={f.average_rating} className="h-3.5 w-3.5" /> {plural(f.total, "review")}
            </span>
          }
        />
        <StatCard
          className="col-span-2 md:col-span-1"
          label={m.revenue}
          value={formatUsd(b.estimated_revenue)}
          icon="analytics"
          tone="amber"
          extra={m.revenueNote}
        />
      </div>
      {busiestDay && busiestSlot && b.total > 0 ? (
        <p className="text-sm text-white/75">
          Busiest day: <strong className="text-white">{busiestDay.label}</strong> (
          {plural(busiestDay.count, "booking")}) · Busiest slot:{" "}
          <strong className="text-white">{formatTime(busiestSlot.time)}</strong> (
          {plural(busiestSlot.count, "booking")})
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title={m.bookingsPerWeek}
          columns={["Week of", "Bookings"]}
          rows={b.per_week.map((w) => [formatDayMonth(w.week_start), w.count])}
          className="xl:col-span-2"
        >
          <BarChartView data={perWeek} />
        </ChartCard>
        <ChartCard
          title={m.byStatus}
          columns={["Status", "Bookings"]}
          rows={byStatus.map((d) => [d.label, d.value])}
        >
          <BarChartView data={byStatus} />
        </ChartCard>
        <ChartCard
          title={m.byService}
          columns={["Service", "Bookings"]}
          rows={b.by_service.map((s) => [s.title, s.count])}
        >
          <BarChartView data={byService} horizontal color="#a78bfa" />
        </ChartCard>
        <ChartCard
          title={m.busiestWeekdays}
          columns={["Weekday", "Bookings"]}
          rows={b.by_weekday.map((d) => [d.label, d.count])}
        >
          <BarChartView data={weekdays} color="#38bdf8" />
        </ChartCard>
        <ChartCard
          title={m.busiestSlots}
          columns={["Time slot", "Bookings"]}
          rows={b.by_slot.map((s) => [formatTime(s.time), s.count])}
        >
          <BarChartView data={slots} color="#34d399" />
        </ChartCard>
        <ChartCard
          title={m.ratingDistribution}
          columns={["Rating", "Feedback"]}
          rows={f.distribution.map((r) => [`${r.rating} star${r.rating === 1 ? "" : "s"}`, r.count])}
        >
          <BarChartView data={ratings} />
        </ChartCard>
        <ChartCard
          title={m.ratingOverTime}
          columns={["Month", "Average (count)"]}
          rows={f.per_month.map((p) => [
            formatMonth(`${p.month}-01`),
            p.average_rating === null ? "–" : `${p.average_rating.toFixed(1)} (${p.count})`,
          ])}
        >
          <LineChartView data={perMonth} />
        </ChartCard>
      </div>
      <p className="text-xs text-white/60">
        Weeks start on Monday; dates are in the studio's time zone ({data.time_zone}).
      </p>
    </div>
  );
}

export default function AdminAnalyticsPage() {
  const overview = trpc.analytics.overview.useQuery(undefined, { refetchInterval: 60_000 });
  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle="Bookings, revenue and feedback at a glance."
        actions={
          <Button variant="secondary" onClick={() => overview.refetch()} disabled={overview.isFetching}>
            <Icon name="refresh" className={`h-4 w-4 ${overview.isFetching ? "animate-spin" : ""}`} /> Refresh
          </Button>
        }
      />
      {overview.data ? (
        <Overview data={overview.data} />
      ) : overview.isError ? (
        <EmptyState
          icon="analytics"
          title={m.loadFailed}
          text={errorMessage(overview.error, MESSAGES.common.serverError)}
          action={
            <Button variant="secondary" onClick={() => overview.refetch()}>
              {MESSAGES.admin.common.retry}
            </Button>
          }
        />
      ) : (
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-5" aria-busy="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </div>
      )}
    </div>
  );
}
