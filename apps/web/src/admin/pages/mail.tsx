import {
  MAIL_KIND_LABELS,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  type MailListItem,
  type MailStatus,
  MESSAGES,
} from "@studio/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { SelectField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { StudioZoneNote, useInstantFormat } from "../../lib/studio-clock";
import { FormError } from "../ui/form-fields";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";
import { PagedList } from "../ui/paged-list";

const m = MESSAGES.mail;
const PAGE_SIZE = 30;

const TONES: Record<MailStatus, string> = {
  pending: "bg-yellow-400/15 text-yellow-200 ring-yellow-400/40",
  sending: "bg-blue-500/15 text-blue-200 ring-blue-500/40",
  sent: "bg-green-500/15 text-green-200 ring-green-500/40",
  failed: "bg-red-500/15 text-red-200 ring-red-500/40",
  unsent: "bg-zinc-500/20 text-zinc-200 ring-zinc-400/40",
  skipped: "bg-zinc-500/20 text-zinc-300 ring-zinc-400/40",
};

function MailStatusBadge({ status }: { status: MailStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status]}`}
    >
      {MAIL_STATUS_LABELS[status]}
    </span>
  );
}

function ResendButton({ item }: { item: MailListItem }) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const resend = trpc.mail.resend.useMutation({
    onSuccess: (result) => {
      toast.show(result.message, "success");
      void utils.mail.list.invalidate();
      void utils.mail.get.invalidate({ id: item.id });
    },
    onError: (error) => toast.show(errorMessage(error, m.resendFailed), "error"),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={resend.isPending}
      onClick={() => resend.mutate({ id: item.id })}
    >
      {resend.isPending ? m.resending : m.resend}
    </Button>
  );
}

function MailDetailDialog({
  id,
  enabled,
  onClose,
}: {
  id: number | null;
  enabled: boolean;
  onClose: () => void;
}) {
  const instantText = useInstantFormat();
  const detail = trpc.mail.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const [tab, setTab] = useState<"html" | "text">("html");
  const mail = detail.data;
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={mail?.subject ?? m.detailTitle}
      size="max-w-3xl"
    >
      {detail.error ? (
        <FormError message={errorMessage(detail.error, m.detailLoadFailed)} />
      ) : !mail ? (
        <div className="flex items-center gap-3 py-6 text-white/70" role="status">
          <Spinner /> {m.loading}
        </div>
      ) : (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-white/60">{m.status}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <MailStatusBadge status={mail.status} />
              <span className="text-white/70">{m.attempts(mail.attempts)}</span>
            </dd>
            <dt className="text-white/60">{m.kind}</dt>
            <dd>{MAIL_KIND_LABELS[mail.kind]}</dd>
            <dt className="text-white/60">{m.to}</dt>
            <dd className="[overflow-wrap:anywhere]">{mail.recipients}</dd>
            {mail.reply_to ? (
              <>
                <dt className="text-white/60">{m.replyTo}</dt>
                <dd className="[overflow-wrap:anywhere]">{mail.reply_to}</dd>
              </>
            ) : null}
            <dt className="text-white/60">{m.written}</dt>
            <dd>{instantText(mail.created_at)}</dd>
            {mail.sent_at ? (
              <>
                <dt className="text-white/60">{m.sentAt}</dt>
                <dd>{instantText(mail.sent_at)}</dd>
              </>
            ) : null}
            {mail.next_attempt_at && mail.note === null ? (
              <>
                <dt className="text-white/60">{m.nextAttempt}</dt>
                <dd>{instantText(mail.next_attempt_at)}</dd>
              </>
            ) : null}
            <dt className="text-white/60">{m.messageId}</dt>
            <dd className="font-mono text-xs [overflow-wrap:anywhere]">{mail.message_id}</dd>
            {mail.attachments.length ? (
              <>
                <dt className="text-white/60">{m.attachments}</dt>
                <dd>{mail.attachments.map((a) => a.filename).join(", ")}</dd>
              </>
            ) : null}
          </dl>
          {mail.note ? (
            <p className="rounded-lg bg-white/5 px-3 py-2 text-sm text-white/80">{mail.note}</p>
          ) : null}
          {mail.last_error ? (
            <p className="rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-200 [overflow-wrap:anywhere]">
              <span className="font-semibold">{m.lastError}: </span>
              {mail.last_error}
            </p>
          ) : null}
          {mail.redacted ? (
            <p className="rounded-lg bg-white/5 px-3 py-2 text-sm text-white/80">{mail.text}</p>
          ) : (
            <div>
              <div role="group" aria-label={m.detailTitle} className="mb-2 flex gap-2">
                <Button
                  size="sm"
                  variant={tab === "html" ? "primary" : "ghost"}
                  aria-pressed={tab === "html"}
                  onClick={() => setTab("html")}
                >
                  {m.htmlTab}
                </Button>
                <Button
                  size="sm"
                  variant={tab === "text" ? "primary" : "ghost"}
                  aria-pressed={tab === "text"}
                  onClick={() => setTab("text")}
                >
                  {m.textTab}
                </Button>
              </div>
              {tab === "html" ? (
                <iframe
                  title={m.htmlFrame}
                  sandbox=""
                  srcDoc={mail.html}
                  className="h-[60vh] w-full rounded-lg border border-ink-line bg-white"
                />
              ) : (
                <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap rounded-lg border border-ink-line bg-black/30 p-4 text-sm text-white/90 [overflow-wrap:anywhere]">
                  {mail.text}
                </pre>
              )}
            </div>
          )}
          {mail.status === "failed" || (mail.status === "unsent" && enabled) ? (
            <div className="flex justify-end">
              <ResendButton item={mail} />
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

export default function AdminMailPage() {
  const instantText = useInstantFormat();
  const [status, setStatus] = useState<MailStatus | "">("");
  const [open, setOpen] = useState<number | null>(null);
  const list = trpc.mail.list.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(status ? { status } : {}) },
    {
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      placeholderData: keepPreviousData,
      staleTime: 5_000,
      refetchInterval: 15_000,
    },
  );
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const enabled = list.data?.pages[0]?.mail_enabled ?? true;
  const retentionDays = list.data?.pages[0]?.retention_days;

  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle={
          <>
            {retentionDays ? `${m.subtitle} ${m.retention(retentionDays)}` : m.subtitle}
            <StudioZoneNote className="mt-1" />
          </>
        }
      />
      {!enabled ? (
        <p
          role="note"
          className="mb-4 rounded-xl border border-yellow-400/40 bg-yellow-400/10 px-4 py-3 text-sm text-yellow-100"
        >
          {m.offBanner}
        </p>
      ) : null}
      <form aria-label={m.filters} onSubmit={(event) => event.preventDefault()} className="mb-6 max-w-xs">
        <SelectField
          label={m.statusFilter}
          value={status}
          onChange={(event) => setStatus(event.target.value as MailStatus | "")}
        >
          <option value="">{m.allStatuses}</option>
          {MAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {MAIL_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </form>

      <PagedList
        query={list}
        count={items.length}
        labels={m}
        empty={{
          icon: "mail",
          title: status ? m.emptyFilteredTitle : m.emptyTitle,
          text: status ? m.emptyFilteredText : m.emptyText,
        }}
      >
        <ol className="space-y-2">
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="mail-item"
              className="grid min-w-0 grid-cols-1 gap-3 rounded-xl border border-ink-line bg-ink-soft px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <MailStatusBadge status={item.status} />
                  <span className="text-xs text-white/60">{MAIL_KIND_LABELS[item.kind]}</span>
                  <span className="text-xs text-white/60">· {m.attempts(item.attempts)}</span>
                  <time dateTime={item.created_at} className="text-xs text-white/60">
                    · {instantText(item.sent_at ?? item.created_at)}
                  </time>
                </div>
                <p className="mt-1 font-medium text-white [overflow-wrap:anywhere]">{item.subject}</p>
                <p className="text-sm text-white/75 [overflow-wrap:anywhere]">
                  <span className="text-white/55">{m.to}: </span>
                  {item.recipients}
                </p>
                {item.note ? <p className="mt-1 text-sm text-white/70">{item.note}</p> : null}
                {item.next_attempt_at && enabled ? (
                  <p className="mt-1 text-sm text-white/70">
                    {(item.attempts ? m.nextAttemptAt : m.scheduledFor)(instantText(item.next_attempt_at))}
                  </p>
                ) : null}
                {item.last_error ? (
                  <p className="mt-1 text-sm text-red-200 [overflow-wrap:anywhere]">
                    <span className="font-semibold">{m.lastError}: </span>
                    {item.last_error}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap gap-2 md:justify-end">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={m.viewLabel(item.subject)}
                  onClick={() => setOpen(item.id)}
                >
                  {m.view}
                </Button>
                {item.status === "failed" || (item.status === "unsent" && enabled) ? (
                  <ResendButton item={item} />
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </PagedList>
      <MailDetailDialog id={open} enabled={enabled} onClose={() => setOpen(null)} />
    </div>
  );
}
