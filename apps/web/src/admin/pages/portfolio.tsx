import {
  categoryLabel,
  LIST_DEFAULTS,
  MESSAGES,
  PORTFOLIO_FILTERS,
  type PortfolioItemDto,
} from "@studio/validators";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { PortfolioFormDialog } from "../portfolio/portfolio-form";
import { useConfirm } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icons";
import { PageHeader } from "../ui/page-header";
import { StatusBadge } from "../ui/status-badge";

const m = MESSAGES.admin.portfolio;
type Filter = (typeof PORTFOLIO_FILTERS)[number];

function PortfolioCard({
  item,
  onEdit,
  onDelete,
}: {
  item: PortfolioItemDto;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const shown = item.tags.slice(0, LIST_DEFAULTS.portfolioTagsShown);
  const more = item.tags.length - shown.length;
  return (
    <article className="mb-4 break-inside-avoid overflow-hidden rounded-2xl border border-ink-line bg-ink-soft">
      <div className="relative bg-white/5">
        {item.media_url ? (
          item.media_type === "video" ? (
            <video src={item.media_url} className="w-full" muted preload="metadata" />
          ) : (
            <img src={item.media_url} alt={item.title} className="w-full object-cover" loading="lazy" />
          )
        ) : (
          <div className="flex h-40 items-center justify-center text-white/40">
            <Icon name="portfolio" className="h-10 w-10" />
          </div>
        )}
        <div className="absolute left-3 top-3 flex gap-2">
          <span className="rounded-full bg-black/80">
            <StatusBadge status={item.status} />
          </span>
          {item.featured ? (
            <span className="rounded-full bg-amber-500 px-2.5 py-0.5 text-xs font-bold text-black">
              Featured
            </span>
          ) : null}
        </div>
      </div>
      <div className="p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-300">
          {categoryLabel(item.category)}
        </p>
        <h2 className="mt-1 font-semibold text-white">{item.title}</h2>
        <p className="mt-1 line-clamp-3 text-sm text-white/70">{item.description}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          {item.client ? (
            <>
              <dt className="text-white/60">Client</dt>
              <dd className="text-white/85">{item.client}</dd>
            </>
          ) : null}
          {item.location ? (
            <>
              <dt className="text-white/60">Location</dt>
              <dd className="text-white/85">{item.location}</dd>
            </>
          ) : null}
          {item.date ? (
            <>
              <dt className="text-white/60">Date</dt>
              <dd className="text-white/85">{item.date}</dd>
            </>
          ) : null}
        </dl>
        {item.tags.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Tags">
            {shown.map((t) => (
              <li key={t} className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-white/80">
                #{t}
              </li>
            ))}
            {more > 0 ? <li className="px-1 text-xs text-white/70">+{more}</li> : null}
          </ul>
        ) : null}
        <div className="mt-4 flex gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
            <Icon name="edit" className="h-4 w-4" /> {MESSAGES.admin.common.edit}
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${item.title}`}>
            <Icon name="trash" className="h-4 w-4 text-red-400" /> {MESSAGES.admin.common.delete}
          </Button>
        </div>
      </div>
    </article>
  );
}

export default function AdminPortfolioPage() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [filter, setFilter] = useState<Filter>("all");
  const items = trpc.portfolio.adminList.useQuery(filter === "all" ? {} : { category: filter });
  const remove = trpc.portfolio.delete.useMutation();
  const [editing, setEditing] = useState<PortfolioItemDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmElement, confirm] = useConfirm();

  const openForm = (item: PortfolioItemDto | null) => {
    setEditing(item);
    setFormOpen(true);
  };

  const onDelete = async (item: PortfolioItemDto) => {
    if (
      !(await confirm({ title: m.deleteTitle, message: m.deleteConfirm(item.title), confirmLabel: "Delete" }))
    )
      return;
    try {
      await remove.mutateAsync({ id: item.id });
      await utils.portfolio.adminList.invalidate();
      toast.show(MESSAGES.portfolio.deleted, "success");
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.portfolio.deleteError), "error");
    }
  };

  const list = items.data ?? [];
  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle="Published items appear on the website; drafts and private items stay here."
        actions={
          <Button onClick={() => openForm(null)}>
            <Icon name="plus" className="h-4 w-4" /> {m.add}
          </Button>
        }
      />
      <div role="group" aria-label="Filter by category" className="mb-6 flex flex-wrap gap-2">
        {PORTFOLIO_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
            className={`rounded-full px-4 py-1.5 text-sm font-medium transition-colors ${
              filter === f ? "bg-accent text-black" : "bg-white/5 text-white/80 hover:bg-white/10"
            }`}
          >
            {f === "all" ? "All" : categoryLabel(f)}
          </button>
        ))}
      </div>
      {items.isLoading ? (
        <div className="columns-1 gap-4 sm:columns-2 xl:columns-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="mb-4 h-64 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </div>
      ) : items.isError ? (
        <EmptyState
          icon="portfolio"
          title={MESSAGES.portfolio.loadFailed}
          text={errorMessage(items.error, MESSAGES.common.serverError)}
          action={
            <Button variant="secondary" onClick={() => items.refetch()}>
              {MESSAGES.admin.common.retry}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon="portfolio"
          title={m.emptyTitle}
          text={m.emptyText}
          action={<Button onClick={() => openForm(null)}>{m.add}</Button>}
        />
      ) : (
        <div className="columns-1 gap-4 sm:columns-2 xl:columns-3">
          {list.map((item) => (
            <PortfolioCard
              key={item.id}
              item={item}
              onEdit={() => openForm(item)}
              onDelete={() => onDelete(item)}
            />
          ))}
        </div>
      )}
      <PortfolioFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        item={editing}
        defaultCategory={filter === "all" ? undefined : filter}
      />
      {confirmElement}
    </div>
  );
}
