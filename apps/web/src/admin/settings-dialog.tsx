import { MESSAGES } from "@studio/validators";
import { useState } from "react";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { useToast } from "../components/ui/toast";
import { getStoredUser } from "../lib/auth-storage";
import { useInstantFormat } from "../lib/studio-clock";
import { errorMessage, trpc } from "../lib/trpc";

/** Account details and invite codes for new admins (sign-up needs one once the owner exists). */
export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const instantText = useInstantFormat();
  const me = trpc.auth.me.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const invite = trpc.auth.createInvite.useMutation();
  const [code, setCode] = useState<{ code: string; expires: string | null } | null>(null);
  const user = me.data ?? getStoredUser();

  const onInvite = async () => {
    try {
      const result = await invite.mutateAsync();
      setCode({ code: result.code, expires: result.expires_at });
    } catch (e) {
      toast.show(errorMessage(e, MESSAGES.common.serverError), "error");
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={MESSAGES.admin.shell.settings} size="max-w-md">
      <dl className="grid grid-cols-[6rem_1fr] gap-y-2 text-sm">
        <dt className="text-white/60">Name</dt>
        <dd className="text-white">{user?.name}</dd>
        <dt className="text-white/60">Email</dt>
        <dd className="text-white">{user?.email}</dd>
        <dt className="text-white/60">Role</dt>
        <dd className="capitalize text-white">{user?.role}</dd>
      </dl>
      <div className="mt-6 rounded-xl border border-ink-line p-4">
        <h3 className="text-sm font-semibold text-white">Invite an admin</h3>
        <p className="mt-1 text-xs text-white/70">
          New admins need an invite code to sign up. Each code works once.
        </p>
        {code ? (
          <div className="mt-3">
            <p
              className="select-all rounded-lg bg-ink px-3 py-2 font-mono text-sm text-amber-300"
              data-testid="invite-code"
            >
              {code.code}
            </p>
            {code.expires ? (
              <p className="mt-1 text-xs text-white/60">Valid until {instantText(code.expires)}</p>
            ) : null}
          </div>
        ) : null}
        <Button size="sm" className="mt-3" onClick={onInvite} disabled={invite.isPending}>
          {invite.isPending ? MESSAGES.admin.confirmDialog.working : "Create invite code"}
        </Button>
      </div>
    </Dialog>
  );
}
