import {
  type FeedbackDto,
  type FeedbackStatus,
  LIST_DEFAULTS,
  MESSAGES,
  categoryLabel,
} from "@studio/validators";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { useConfirm } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { Icon, type IconName, Stars } from "../ui/icons";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";
import { StatCard } from "../ui/stat-card";
import { StatusBadge } from "../ui/status-badge";

const m = MESSAGES.admin.feedback;
type Filter = FeedbackStatus | "all";
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: m.allFeedback },
  { value: "pending", label: m.pendingReview },
  { value: "approved", label: m.approved },
  { value: "rejected", label: m.rejected },
];
const CATEGORY_ICON: Record<string, IconName> = {
  photography: "camera",
  videography: "video",
  cinematography: "film",
  "drone-services": "drone",
  "vfx-post": "sparkles",
  commercial: "megaphone",
};

/** An empty category reads "General" in the list and "General Feedback" in the detail dialog. */
function Category({ value, emptyLabel }: { value: string; emptyLabel: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon name={CATEGORY_ICON[value] ?? "chat"} className="h-3.5 w-3.5 text-amber-300" />
      {value ? categoryLabel(value) : emptyLabel}
    </span>
  );
}

export default function AdminFeedbackPage() {
  const instantText = useInstantFormat();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [filter, setFilter] = useState<Filter>("all");
  const [viewing, setViewing] = useState<FeedbackDto | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirmElement, confirm] = useConfirm();
  const list = trpc.feedback.list.useQuery({
    limit: LIST_DEFAULTS.adminFeedbackPage,
    offset: 0,
    ...(filter === "all" ? {} : { status: filter }),
  });
  const stats = trpc.feedback.stats.useQuery();
  const setStatus = trpc.feedback.setStatus.useMutation();
  const remove = trpc.feedback.delete.useMutation();

  useEffect(() => {
    if (list.error) toast.show(errorMessage(list.error, m.loadFailed), "error");
  }, [list.error, toast]);
  useEffect(() => {
    if (stats.error) toast.show(errorMessage(stats.error, m.statsFailed), "error");
  }, [stats.error, toast]);

  const refresh = () =>
    Promise.all([utils.feedback.list.invalidate(), utils.feedback.stats.invalidate()]).catch(() => undefined);

  const changeStatus = async (item: FeedbackDto, status: FeedbackStatus) => {
    setBusyId(item.id);
    try {
      const updated = await setStatus.mutateAsync({ id: item.id, status });
      setViewing((v) => (v && v.id === item.id ? { ...v, ...updated } : v));
      toast.show(
        status === "approved"
          ? m.approvedToast
          : status === "rejected"
            ? m.rejectedToast
            : m.unpublishedToast,
        "success",
      );
    } catch (e) {
      toast.show(errorMessage(e, m.statusFailed), "error");
    } finally {
      setBusyId(null);
      await refresh();
    }
  };

  const onDelete = async (item: FeedbackDto) => {
    if (
      !(await confirm({
        title: m.deleteTitle,
        message: MESSAGES.feedback.deleteConfirm,
        confirmLabel: "Delete",
      }))
    )
      return;
    setBusyId(item.id);
    try {
      await remove.mutateAsync({ id: item.id });
      setViewing(null);
      toast.show(MESSAGES.feedback.deleted, "success");
    } catch (e) {
      toast.show(errorMessage(e, m.deleteFailed), "error");
    } finally {
      setBusyId(null);
      await refresh();
    }
  };

  const s = stats.data;
  const items = list.data ?? [];

  return (
    <div>
      <PageHeader title={m.title} subtitle="Approved feedback appears in the testimonials on the website." />
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard label={m.totalFeedback} value={s?.total_feedback ?? "–"} icon="messages" tone="slate" />
        <StatCard
          label={m.averageRating}
          value={s ? s.average_rating.toFixed(1) : "–"}
          icon="feedback"
          tone="amber"
          extra={<Stars value={s?.average_rating ?? 0} />}
        />
        <StatCard label={m.pendingReview} value={s?.pending_count ?? "–"} icon="clock" tone="yellow" />
        <StatCard label={m.approved} value={s?.approved_count ?? "–"} icon="check" tone="green" />
      </div>

      <div role="group" aria-label="Filter feedback" className="mb-5 mt-6 flex flex-wrap items-center gap-2">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${
              filter === f.value ? "bg-accent text-black" : "bg-white/5 text-white/80 hover:bg-white/10"
            }`}
          >
            {f.label}
          </button>
        ))}
        {list.isFetching ? <Spinner className="ml-2 h-4 w-4 text-white/60" /> : null}
      </div>

      {list.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-32 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon="feedback" title={MESSAGES.feedback.emptyTitle} text={MESSAGES.feedback.emptyText} />
      ) : (
        <ul className="space-y-3">
          {items.map((f) => {
            const busy = busyId === f.id;
            return (
              <li
                key={f.id}
                className="rounded-2xl border border-ink-line bg-ink-soft p-5"
                data-feedback-id={f.id}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-3">
                      <h2 className="text-base font-semibold text-white">{f.name}</h2>
                      <Stars value={f.rating} />
                      <StatusBadge status={f.status} />
                    </div>
                    <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-white/70">
                      <span>{f.email}</span>
                      <span>{instantText(f.created_at)}</span>
                      <Category value={f.service_category} emptyLabel={m.generalShort} />
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setViewing(f)}
                      aria-label={`View feedback from ${f.name}`}
                    >
                      <Icon name="eye" className="h-4 w-4" /> {m.view}
                    </Button>
                    {f.status === "pending" ? (
                      <>
                        <Button
                          size="sm"
                          className="!bg-green-700 !text-white hover:!bg-green-800"
                          disabled={busy}
                          onClick={() => changeStatus(f, "approved")}
                          aria-label={`Approve feedback from ${f.name}`}
                        >
                          {m.approve}
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={busy}
                          onClick={() => changeStatus(f, "rejected")}
                          aria-label={`Reject feedback from ${f.name}`}
                        >
                          {m.reject}
                        </Button>
                      </>
                    ) : null}
                    {f.status === "approved" ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        onClick={() => changeStatus(f, "pending")}
                        aria-label={`Unpublish feedback from ${f.name}`}
                      >
                        {m.unpublish}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => onDelete(f)}
                      aria-label={`Delete feedback from ${f.name}`}
                      className="text-red-300"
                    >
                      <Icon name="trash" className="h-4 w-4" /> {MESSAGES.admin.common.delete}
                    </Button>
                  </div>
                </div>
                <p className="mt-3 line-clamp-2 text-sm text-white/85">{f.message}</p>
              </li>
            );
          })}
        </ul>
      )}

      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        title="Feedback details"
        size="max-w-xl"
      >
        {viewing ? (
          <div>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-white/60">Name</dt>
              <dd className="text-white">{viewing.name}</dd>
              <dt className="text-white/60">Email</dt>
              <dd className="text-white">{viewing.email}</dd>
              <dt className="text-white/60">Rating</dt>
              <dd className="flex items-center gap-2 text-white">
                <Stars value={viewing.rating} /> {viewing.rating}/5
              </dd>
              <dt className="text-white/60">Service</dt>
              <dd className="text-white">
                <Category value={viewing.service_category} emptyLabel={m.general} />
              </dd>
              <dt className="text-white/60">Status</dt>
              <dd>
                <StatusBadge status={viewing.status} />
              </dd>
              <dt className="text-white/60">Submitted</dt>
              <dd className="text-white">{instantText(viewing.created_at)}</dd>
            </dl>
            <p className="mt-4 whitespace-pre-wrap rounded-xl bg-white/5 p-4 text-sm text-white/90">
              {viewing.message}
            </p>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              {viewing.status === "pending" ? (
                <>
                  <Button
                    className="!bg-green-700 !text-white hover:!bg-green-800"
                    disabled={busyId === viewing.id}
                    onClick={() => changeStatus(viewing, "approved")}
                  >
                    {m.approve}
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busyId === viewing.id}
                    onClick={() => changeStatus(viewing, "rejected")}
                  >
                    {m.reject}
                  </Button>
                </>
              ) : null}
              <Button variant="secondary" onClick={() => setViewing(null)}>
                {m.close}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
      {confirmElement}
    </div>
  );
}
