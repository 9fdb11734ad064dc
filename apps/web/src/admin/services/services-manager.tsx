import {
  type AdminServiceDto,
  formatUsd,
  durationMinutesOf,
  MESSAGES,
  CATEGORY_LABELS,
  durationDaysOf,
  SESSION_LENGTH,
  sessionLengthInWords,
  type ServiceDto,
} from "@studio/validators";
import { useState } from "react";
import { ServiceIcon } from "../../components/emoji-icon";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { useConfirm } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icons";
import { ServiceFormDialog } from "./service-form";

const m = MESSAGES.admin.services;

/**
 * The duration as the site shows it, and the length in words where the text does not already say it (the days
 * of a session of several days, its hours a day), and ":30 starts" for a service starting every half hour.
 */
function lengthLabel(service: AdminServiceDto): string {
  const said =
    service.duration_days > 1
      ? durationDaysOf(service.duration) === service.duration_days &&
        service.duration_minutes === SESSION_LENGTH.fullDayMinutes
      : durationMinutesOf(service.duration) === service.duration_minutes;
  return [
    service.duration,
    said ? null : sessionLengthInWords(service.duration_days, service.duration_minutes),
    service.start_every_minutes === 30 ? m.startEveryHalfHourShort : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function ServiceCard({
  service,
  onEdit,
  onDelete,
  onRestore,
  headingLevel,
}: {
  service: AdminServiceDto;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
  headingLevel: "h2" | "h3";
}) {
  const Heading = headingLevel;
  const extra = service.features.length - 3;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-ink-line bg-ink-soft">
      <div className="relative h-36 bg-gradient-to-br from-amber-500/20 to-violet-500/10">
        {service.image ? (
          <img src={service.image} alt="" className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <span className="flex h-full items-center justify-center text-white/80" aria-hidden="true">
            <ServiceIcon icon={service.icon} category={service.category} className="h-12 w-12" />
          </span>
        )}
        <span className="absolute right-3 top-3 rounded-full bg-black/75 px-3 py-1 text-sm font-bold text-amber-300">
          {formatUsd(service.price)}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        {/* The category as the site names it ("Drone Services", "VFX & Post"). */}
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold text-amber-300">
          {CATEGORY_LABELS[service.category]}
          {service.archived ? (
            <span className="rounded-full bg-white/10 px-2 py-0.5 text-white/80">{m.archivedBadge}</span>
          ) : null}
        </p>
        <Heading className="mt-1 text-lg font-semibold text-white">{service.title}</Heading>
        <p className="mt-1 line-clamp-2 text-sm text-white/70">{service.description}</p>
        <p className="mt-2 flex items-start gap-1.5 text-xs text-white/70">
          <Icon name="clock" className="mt-px h-3.5 w-3.5 shrink-0" />
          <span>
            {m.sessionLength(
              lengthLabel(service),
              service.buffer_before_minutes,
              service.buffer_after_minutes,
            )}
          </span>
        </p>
        {service.duration_unread ? (
          <p className="mt-1 text-xs font-semibold text-amber-300">{m.lengthUnread}</p>
        ) : null}
        {service.features.length ? (
          <ul className="mt-3 flex flex-wrap gap-1.5">
            {service.features.slice(0, 3).map((f) => (
              <li key={f} className="rounded-full bg-white/5 px-2 py-0.5 text-xs text-white/80">
                {f}
              </li>
            ))}
            {extra > 0 ? <li className="px-1 text-xs text-white/70">+{extra} more</li> : null}
          </ul>
        ) : null}
        <p className="mt-2 text-xs text-white/60">{m.usedBy(service.bookings)}</p>
        <div className="mt-auto flex flex-wrap gap-2 pt-4">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${service.title}`}>
            <Icon name="edit" className="h-4 w-4" /> {MESSAGES.admin.common.edit}
          </Button>
          {service.archived ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={onRestore}
              aria-label={`${m.restore} ${service.title}`}
            >
              <Icon name="refresh" className="h-4 w-4" /> {m.restore}
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${service.title}`}>
              <Icon name="trash" className="h-4 w-4 text-red-400" /> {MESSAGES.admin.common.delete}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * The services grid with add, edit and delete: the Services page and the dashboard share it. A service that
 * bookings use is archived rather than deleted (the dialog says how many keep it); the Services page lists the
 * archived ones apart, with Restore.
 */
export function ServicesManager({ heading }: { heading: "h2" | "none" }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const services = trpc.services.adminList.useQuery();
  const remove = trpc.services.delete.useMutation();
  const restore = trpc.services.restore.useMutation();
  const [editing, setEditing] = useState<ServiceDto | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmElement, confirm] = useConfirm();

  const openForm = (service: ServiceDto | null) => {
    setEditing(service);
    setFormOpen(true);
  };
  const refresh = () => utils.services.invalidate();

  const onDelete = async (service: AdminServiceDto) => {
    const used = service.bookings > 0;
    const ok = await confirm(
      used
        ? {
            title: m.archiveTitle,
            message: m.archiveConfirm(service.title, service.bookings),
            confirmLabel: m.archive,
          }
        : {
            title: m.deleteTitle,
            message: m.deleteConfirm(service.title),
            confirmLabel: MESSAGES.admin.common.delete,
          },
    );
    if (!ok) return;
    try {
      const result = await remove.mutateAsync({ id: service.id });
      await refresh();
      toast.show(
        result.archived ? MESSAGES.service.archived(result.bookings) : MESSAGES.service.deleted,
        "success",
      );
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.service.deleteError), "error");
    }
  };

  const onRestore = async (service: AdminServiceDto) => {
    try {
      await restore.mutateAsync({ id: service.id });
      await refresh();
      toast.show(MESSAGES.service.restored, "success");
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.service.restoreFailed), "error");
    }
  };

  const all = services.data ?? [];
  const list = all.filter((s) => !s.archived);
  const unread = list.filter((s) => s.duration_unread).length;
  const archived = heading === "none" ? all.filter((s) => s.archived) : [];
  const cardHeading = heading === "h2" ? "h3" : "h2";
  const cards = (items: AdminServiceDto[], level: "h2" | "h3") => (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {items.map((s) => (
        <ServiceCard
          key={s.id}
          service={s}
          onEdit={() => openForm(s)}
          onDelete={() => onDelete(s)}
          onRestore={() => onRestore(s)}
          headingLevel={level}
        />
      ))}
    </div>
  );
  return (
    <section aria-labelledby={heading === "h2" ? "services-heading" : undefined}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {heading === "h2" ? (
          <h2 id="services-heading" className="text-xl font-semibold text-white">
            {m.title}
          </h2>
        ) : (
          <p className="text-sm text-white/70">{services.data ? `${list.length} services` : ""}</p>
        )}
        <Button onClick={() => openForm(null)}>
          <Icon name="plus" className="h-4 w-4" /> {m.add}
        </Button>
      </div>
      {unread > 0 ? (
        <p
          role="status"
          className="mb-4 rounded-xl border border-amber-400/40 bg-amber-950/40 px-4 py-3 text-sm text-amber-100"
        >
          {m.lengthUnreadNotice(unread)}
        </p>
      ) : null}
      {services.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-72 animate-pulse rounded-2xl bg-white/5" />
          ))}
        </div>
      ) : services.isError ? (
        <EmptyState
          icon="services"
          title={MESSAGES.service.loadFailed.replace(/: $/, "")}
          text={errorMessage(services.error, MESSAGES.common.serverError)}
          action={
            <Button variant="secondary" onClick={() => services.refetch()}>
              {MESSAGES.admin.common.retry}
            </Button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon="services"
          title={m.emptyTitle}
          text={m.emptyText}
          action={<Button onClick={() => openForm(null)}>{m.add}</Button>}
        />
      ) : (
        cards(list, cardHeading)
      )}
      {archived.length ? (
        <section aria-labelledby="archived-services-heading" className="mt-10">
          <h2 id="archived-services-heading" className="text-lg font-semibold text-white">
            {m.archivedHeading}
          </h2>
          <p className="mb-4 mt-1 text-sm text-white/70">{m.archivedText}</p>
          {cards(archived, "h3")}
        </section>
      ) : null}
      <ServiceFormDialog open={formOpen} onOpenChange={setFormOpen} service={editing} />
      {confirmElement}
    </section>
  );
}
