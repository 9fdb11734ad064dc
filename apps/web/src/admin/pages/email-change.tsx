import { MESSAGES } from "@studio/validators";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { usePageMeta } from "../../components/page-meta";
import { Button } from "../../components/ui/button";
import { errorMessage, trpc } from "../../lib/trpc";
import { AuthCard } from "../auth-card";
import { FormError } from "../ui/form-fields";

const m = MESSAGES.auth;

type Mode = "confirm" | "undo";

const TEXT: Record<Mode, { title: string; subtitle: string; button: string; busy: string }> = {
  confirm: {
    title: m.emailConfirmTitle,
    subtitle: m.emailConfirmSubtitle,
    button: m.emailConfirmButton,
    busy: m.emailConfirming,
  },
  undo: {
    title: m.emailUndoTitle,
    subtitle: m.emailUndoSubtitle,
    button: m.emailUndoButton,
    busy: m.emailUndoing,
  },
};

/**
 * The landing page of an e-mail-change link. Opening the link does nothing by itself (mail scanners open links
 * too): the button sends the token.
 */
function EmailChangeLanding({ mode }: { mode: Mode }) {
  const text = TEXT[mode];
  usePageMeta(`${text.title} — Studio`, text.subtitle);
  const [params] = useSearchParams();
  const token = params.get("token");
  const confirm = trpc.auth.confirmEmail.useMutation();
  const undo = trpc.auth.undoEmailChange.useMutation();
  const action = mode === "confirm" ? confirm : undo;
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(token ? null : m.emailLinkMissing);

  const onClick = async () => {
    if (!token) return;
    setError(null);
    try {
      setDone((await action.mutateAsync({ token })).message);
    } catch (e) {
      setError(errorMessage(e, MESSAGES.common.serverError));
    }
  };

  return (
    <AuthCard title={text.title} subtitle={text.subtitle}>
      {done ? (
        <p role="status" className="rounded-lg bg-white/5 px-4 py-3 text-sm text-white/85">
          {done}
        </p>
      ) : (
        <div className="space-y-5">
          <FormError message={error} />
          {token ? (
            <Button type="button" className="w-full" onClick={onClick} disabled={action.isPending}>
              {action.isPending ? text.busy : text.button}
            </Button>
          ) : null}
        </div>
      )}
      <p className="mt-6 text-center text-sm text-white/70">
        <Link to="/admin/login" className="font-semibold text-accent hover:underline">
          {m.backToSignIn}
        </Link>
      </p>
    </AuthCard>
  );
}

export function ConfirmEmailPage() {
  return <EmailChangeLanding mode="confirm" />;
}

export function UndoEmailChangePage() {
  return <EmailChangeLanding mode="undo" />;
}
