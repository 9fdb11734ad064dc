import { FIELD_LIMITS, MESSAGES } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { TextAreaField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { Spinner } from "../ui/spinner";

const m = MESSAGES.contactReply;

/**
 * A contact message's replies (oldest first) and the form that sends the next one by e-mail, in the same
 * thread (the server sets In-Reply-To and References).
 */
export function MessageThread({ messageId, clientName }: { messageId: number; clientName: string }) {
  const instantText = useInstantFormat();
  const toast = useToast();
  const utils = trpc.useUtils();
  const thread = trpc.contact.thread.useQuery({ id: messageId });
  const reply = trpc.contact.reply.useMutation();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!body.trim()) return setError(m.bodyRequired);
    try {
      const result = await reply.mutateAsync({ id: messageId, body });
      utils.contact.thread.setData({ id: messageId }, { id: result.id, replies: result.replies });
      void utils.contact.list.invalidate();
      setBody("");
      toast.show(result.message, "success");
    } catch (e) {
      setError(fieldErrors(e).body ?? errorMessage(e, MESSAGES.common.serverError));
    }
  };

  const replies = thread.data?.replies ?? [];
  return (
    <div className="mt-8 border-t border-white/10 pt-6">
      <section aria-labelledby={`thread-${messageId}`}>
        <h3
          id={`thread-${messageId}`}
          className="text-sm font-semibold uppercase tracking-[0.2em] text-white/60"
        >
          Replies
        </h3>
        {thread.isPending ? (
          <div className="py-4">
            <Spinner />
          </div>
        ) : thread.error ? (
          <p role="alert" className="mt-3 text-sm text-red-400">
            {errorMessage(thread.error, MESSAGES.common.serverError)}
          </p>
        ) : replies.length === 0 ? (
          <p className="mt-3 text-sm text-white/60">No replies yet.</p>
        ) : (
          <ol className="mt-3 space-y-3" aria-label="Replies sent">
            {replies.map((r) => (
              <li key={r.id} className="rounded-xl border border-accent/20 bg-accent/[0.05] p-4">
                <p className="text-xs text-white/60">
                  {r.admin_name ?? "A former admin"} · {instantText(r.created_at)}
                </p>
                <p className="mt-2 whitespace-pre-wrap text-sm leading-relaxed text-white/90">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <form onSubmit={submit} noValidate className="mt-5">
        <TextAreaField
          label={`Reply to ${clientName}`}
          rows={5}
          maxLength={FIELD_LIMITS.message}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          error={error}
          hint="Sent by e-mail from the studio's address, in the same thread."
        />
        <Button type="submit" className="mt-3" disabled={reply.isPending}>
          {reply.isPending ? "Sending..." : "Send reply"}
        </Button>
      </form>
    </div>
  );
}
