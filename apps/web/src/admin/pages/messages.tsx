import { type ContactMessageDto, LIST_DEFAULTS, MESSAGES } from "@studio/validators";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { MessageThread } from "../contact/message-thread";
import { relativeTime } from "../lib/format";
import { useInstantFormat } from "../../lib/studio-clock";
import { useConfirm } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { Icon } from "../ui/icons";
import { PageHeader } from "../ui/page-header";
import { Spinner } from "../ui/spinner";

const m = MESSAGES.admin.messages;

export default function AdminMessagesPage() {
  const instantText = useInstantFormat();
  const toast = useToast();
  const utils = trpc.useUtils();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [limit, setLimit] = useState<number>(LIST_DEFAULTS.adminContactPage);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirmElement, confirm] = useConfirm();
  const list = trpc.contact.list.useQuery(
    { limit, offset: 0, ...(unreadOnly ? { unreadOnly: true } : {}) },
    { refetchInterval: 60_000 },
  );
  const setRead = trpc.contact.setRead.useMutation();
  const remove = trpc.contact.delete.useMutation();

  useEffect(() => {
    if (list.error) toast.show(errorMessage(list.error, m.loadFailed), "error");
  }, [list.error, toast]);

  const items = list.data?.items ?? [];
  const selected = items.find((i) => i.id === openId) ?? null;

  const refresh = () => utils.contact.list.invalidate().catch(() => undefined);

  const markRead = async (message: ContactMessageDto, read: boolean) => {
    try {
      await setRead.mutateAsync({ id: message.id, read });
    } catch (e) {
      toast.show(errorMessage(e, m.updateFailed), "error");
    } finally {
      await refresh();
    }
  };

  const open = (message: ContactMessageDto) => {
    setOpenId(message.id);
    if (!message.read) void markRead(message, true);
  };

  const onDelete = async (message: ContactMessageDto) => {
    if (
      !(await confirm({
        title: m.deleteTitle,
        message: m.deleteConfirm(message.name),
        confirmLabel: "Delete",
      }))
    )
      return;
    try {
      await remove.mutateAsync({ id: message.id });
      setOpenId(null);
      toast.show(MESSAGES.contact.deleted, "success");
    } catch (e) {
      toast.show(errorMessage(e, m.deleteFailed), "error");
    } finally {
      await refresh();
    }
  };

  return (
    <div>
      <PageHeader
        title={m.title}
        subtitle={
          list.data
            ? `${list.data.total} message${list.data.total === 1 ? "" : "s"}, ${list.data.unread} unread`
            : "Messages sent through the contact form."
        }
        actions={
          <div role="group" aria-label="Show" className="flex rounded-full bg-white/5 p-1">
            {[false, true].map((value) => (
              <button
                key={String(value)}
                type="button"
                aria-pressed={unreadOnly === value}
                onClick={() => setUnreadOnly(value)}
                className={`rounded-full px-4 py-1.5 text-sm font-medium ${
                  unreadOnly === value ? "bg-accent text-black" : "text-white/80 hover:text-white"
                }`}
              >
                {value ? m.unread : "All"}
              </button>
            ))}
          </div>
        }
      />
      {list.isLoading ? (
        <div className="flex items-center gap-3 py-10 text-white/70" role="status">
          <Spinner /> {MESSAGES.admin.common.loading}
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon="messages" title={m.emptyTitle} text={m.emptyText} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <div>
            <ul
              className="divide-y divide-ink-line overflow-hidden rounded-2xl border border-ink-line bg-ink-soft"
              aria-label="Inbox"
            >
              {items.map((msg) => (
                <li key={msg.id}>
                  <button
                    type="button"
                    onClick={() => open(msg)}
                    aria-current={openId === msg.id ? "true" : undefined}
                    className={`flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-white/5 ${
                      openId === msg.id ? "bg-white/[0.07]" : ""
                    }`}
                  >
                    <span
                      className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${msg.read ? "bg-transparent" : "bg-accent"}`}
                      aria-hidden="true"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span
                          className={`truncate ${msg.read ? "text-white/80" : "font-semibold text-white"}`}
                        >
                          {msg.name}
                        </span>
                        <span className="shrink-0 text-xs text-white/60">{relativeTime(msg.created_at)}</span>
                      </span>
                      {msg.read ? null : <span className="sr-only">{m.unread}: </span>}
                      <span className={`block truncate text-sm ${msg.read ? "text-white/70" : "text-white"}`}>
                        {msg.subject}
                      </span>
                      <span className="block truncate text-xs text-white/60">{msg.message}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {list.data && items.length < list.data.total ? (
              <div className="mt-3 flex justify-center">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setLimit((l) => l + LIST_DEFAULTS.adminContactPage)}
                >
                  {MESSAGES.admin.bookings.loadMore}
                </Button>
              </div>
            ) : null}
          </div>
          <section aria-label="Message" className="rounded-2xl border border-ink-line bg-ink-soft p-6">
            {selected ? (
              <article>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h2 className="text-xl font-semibold text-white">{selected.subject}</h2>
                    <p className="mt-1 text-sm text-white/70">
                      {selected.name} ·{" "}
                      <a className="underline-offset-2 hover:underline" href={`mailto:${selected.email}`}>
                        {selected.email}
                      </a>
                      {selected.phone ? ` · ${selected.phone}` : ""}
                    </p>
                    <p className="mt-1 text-xs text-white/60">
                      {instantText(selected.created_at)}
                      {selected.serviceType ? ` · ${selected.serviceType}` : ""}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => markRead(selected, !selected.read)}>
                      <Icon name={selected.read ? "mail" : "mailOpen"} className="h-4 w-4" />
                      {selected.read ? m.markUnread : m.markRead}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-300"
                      onClick={() => onDelete(selected)}
                    >
                      <Icon name="trash" className="h-4 w-4" /> {MESSAGES.admin.common.delete}
                    </Button>
                  </div>
                </div>
                <p className="mt-6 whitespace-pre-wrap text-sm leading-relaxed text-white/90">
                  {selected.message}
                </p>
                <MessageThread key={selected.id} messageId={selected.id} clientName={selected.name} />
              </article>
            ) : (
              <p className="py-10 text-center text-sm text-white/60">{m.selectPrompt}</p>
            )}
          </section>
        </div>
      )}
      {confirmElement}
    </div>
  );
}
