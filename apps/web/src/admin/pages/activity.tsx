import {
  AUDIT_ENTITIES,
  AUDIT_ENTITY_LABELS,
  type AuditEntity,
  type AuditEntryDto,
  GALLERY_AUDIT_ACTIONS,
  formatShortDate,
  MESSAGES,
} from "@studio/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { SelectField, TextField } from "../../components/ui/field";
import { trpc } from "../../lib/trpc";
import { StudioZoneNote, useInstantFormat } from "../../lib/studio-clock";
import { PageHeader } from "../ui/page-header";
import { PagedList } from "../ui/paged-list";

const m = MESSAGES.admin.activity;
const PAGE_SIZE = 30;
/** Fields that change with every write and tell the reader nothing. */
const IGNORED_FIELDS = new Set(["updatedAt"]);

type Snapshot = Record<string, unknown> | null;
type Filters = { actorId: string; entity: AuditEntity | ""; from: string; to: string };
const NO_FILTERS: Filters = { actorId: "", entity: "", from: "", to: "" };

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/** "service #3 'Drone Tour'": the kind of record, its id and, for catalogue records, its title. */
function recordOf(entry: AuditEntryDto): string {
  const snap = entry.after ?? entry.before;
  const title =
    entry.entity === "service" || entry.entity === "portfolio" || entry.entity === "gallery"
      ? text(snap?.title)
      : undefined;
  return m.record(m.records[entry.entity] ?? entry.entity, entry.entity_id, title);
}

/** What happened, in plain words. */
export function describeEntry(entry: AuditEntryDto): string {
  const record = recordOf(entry);
  const { before, after } = entry;
  const name = text(after?.name) ?? text(before?.name) ?? (entry.entity_id ? `#${entry.entity_id}` : "");
  if (entry.entity === "admin") {
    if (entry.action === "deleted") return m.removedAdmin(name);
    if (entry.action === "ownership_transferred") return m.madeOwner(name);
    if (entry.action === "password_changed") return m.changedOwnPassword;
    if (entry.action === "signed_out_everywhere") return m.signedOutEverywhere;
    if (entry.action === "updated") return m.updatedOwnProfile;
    if (entry.action === "joined") {
      const invite = after?.inviteCodeId;
      if (typeof invite === "number") return m.joinedWithInvite(String(invite));
      return after?.inviteFromSettings === true ? m.joinedWithSettingsCode : m.joinedAsOwner;
    }
  }
  const galleryAction = entry.entity === "gallery" ? GALLERY_AUDIT_ACTIONS[entry.action] : undefined;
  if (galleryAction) return `${galleryAction} ${record}`;
  if (entry.entity === "calendar_feed" && entry.action === "created") return m.createdCalendarFeed;
  if (entry.entity === "hours" && entry.action === "updated") return m.changedHours;
  if (entry.entity === "calendar_sync") {
    const url = text(after?.url) ?? text(before?.url) ?? "";
    if (entry.action === "connected") return m.connectedCalendar(url);
    if (entry.action === "disconnected") return m.disconnectedCalendar(url);
  }
  if (entry.entity === "closure") {
    const snap = after ?? before;
    const start = text(snap?.startDate);
    const end = text(snap?.endDate) ?? start;
    if (start && end) {
      const range = MESSAGES.admin.hours.range(formatShortDate(start), formatShortDate(end));
      const reason = text(snap?.reason) ?? null;
      if (entry.action === "created") return m.addedClosure(range, reason);
      if (entry.action === "deleted") return m.removedClosure(range, reason);
    }
  }
  if (entry.entity === "contact" && entry.action === "updated" && after && "readAt" in after)
    return after.readAt ? m.markedRead(record) : m.markedUnread(record);
  switch (entry.action) {
    case "created":
      return m.created(record);
    case "updated":
      return m.updated(record);
    case "deleted":
      return m.deleted(record);
    case "archived":
      return m.archived(record);
    case "restored":
      return m.restored(record);
    case "viewed":
      return m.viewed(record);
    case "revoked":
      return m.revoked(record);
    case "resent":
      return m.resent(record);
    case "replied":
      return m.repliedTo(record);
    case "regenerated":
      return m.regeneratedCalendarFeed;
    case "status_changed": {
      const from = text(before?.status);
      const to = text(after?.status);
      if (from && to) return m.statusChanged(record, from, to);
      if (to) return m.statusSet(record, to);
      return m.updated(record);
    }
    default:
      return m.other(entry.action, record);
  }
}

export type FieldChange = { field: string; before: unknown; after: unknown };

/** The fields whose stored value differs between before and after (a creation or deletion: all of them). */
export function changedFields(before: Snapshot, after: Snapshot): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => !IGNORED_FIELDS.has(key))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** "priceCents" → "Price cents". */
function fieldLabel(field: string): string {
  const words = field
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return m.empty;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

function EntryDetails({ entry }: { entry: AuditEntryDto }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <details className="group mt-2">
      <summary className="inline-flex cursor-pointer select-none items-center gap-1 rounded text-sm font-medium text-amber-300 hover:text-amber-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent">
        {m.details}
      </summary>
      <table className="mt-2 w-full table-fixed border-collapse text-left text-xs">
        <thead>
          <tr className="text-white/60">
            <th scope="col" className="w-[32%] py-1 pr-2 font-medium">
              {m.field}
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              {m.before}
            </th>
            <th scope="col" className="py-1 font-medium">
              {m.after}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="border-t border-ink-line align-top">
              <th scope="row" className="py-1.5 pr-2 font-medium text-white/80 break-words">
                {fieldLabel(change.field)}
              </th>
              <td className="py-1.5 pr-2 text-red-200/90 [overflow-wrap:anywhere]">
                {valueText(change.before)}
              </td>
              <td className="py-1.5 text-emerald-200 [overflow-wrap:anywhere]">{valueText(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export default function AdminActivityPage() {
  const instantText = useInstantFormat();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const admins = trpc.admins.list.useQuery(undefined, { staleTime: 60_000 });
  const input = {
    limit: PAGE_SIZE,
    ...(filters.actorId ? { actorId: Number(filters.actorId) } : {}),
    ...(filters.entity ? { entity: filters.entity } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const list = trpc.admins.activity.useInfiniteQuery(input, {
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const filtered =
    filters.actorId !== "" || filters.entity !== "" || filters.from !== "" || filters.to !== "";
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: event.target.value }));

  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle={
          <>
            {m.subtitle}
            <StudioZoneNote className="mt-1" />
          </>
        }
      />

      <form
        aria-label={m.filters}
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-1 gap-3 rounded-2xl border border-ink-line bg-ink-soft p-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        <SelectField label={m.admin} value={filters.actorId} onChange={set("actorId")}>
          <option value="">{m.allAdmins}</option>
          {(admins.data ?? []).map((admin) => (
            <option key={admin.id} value={String(admin.id)}>
              {admin.name}
            </option>
          ))}
        </SelectField>
        <SelectField label={m.kind} value={filters.entity} onChange={set("entity")}>
          <option value="">{m.allKinds}</option>
          {AUDIT_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {AUDIT_ENTITY_LABELS[entity]}
            </option>
          ))}
        </SelectField>
        <TextField label={m.from} type="date" value={filters.from} onChange={set("from")} />
        <TextField label={m.to} type="date" value={filters.to} onChange={set("to")} />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={!filtered}
          onClick={() => setFilters(NO_FILTERS)}
          className="justify-self-start lg:mb-1"
        >
          {m.clearFilters}
        </Button>
      </form>

      <PagedList
        query={list}
        count={entries.length}
        labels={m}
        className="mt-6"
        empty={{
          icon: "activity",
          title: filtered ? m.emptyFilteredTitle : m.emptyTitle,
          text: filtered ? m.emptyFilteredText : m.emptyText,
        }}
      >
        <div
          aria-hidden="true"
          className="hidden px-4 pb-2 text-xs font-medium uppercase tracking-wide text-white/50 lg:grid lg:grid-cols-[11rem_10rem_minmax(0,1fr)] lg:gap-4"
        >
          <span>{m.when}</span>
          <span>{m.who}</span>
          <span>{m.what}</span>
        </div>
        <ol className="space-y-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              data-testid="activity-entry"
              className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 rounded-xl border border-ink-line bg-ink-soft px-4 py-3 lg:grid-cols-[11rem_10rem_minmax(0,1fr)] lg:gap-4"
            >
              <time dateTime={entry.created_at} className="text-xs text-white/60 lg:text-sm">
                {instantText(entry.created_at)}
              </time>
              <span
                className="truncate text-xs font-medium text-white/85 lg:text-sm"
                title={entry.actor_name}
              >
                {entry.api_key_id !== null ? `${m.apiKeyActor} ` : ""}
                {entry.actor_name}
              </span>
              <div className="col-span-2 min-w-0 lg:col-span-1">
                <p className="text-sm text-white [overflow-wrap:anywhere]">{describeEntry(entry)}</p>
                <EntryDetails entry={entry} />
              </div>
            </li>
          ))}
        </ol>
      </PagedList>
    </div>
  );
}
