import { MESSAGES } from "@studio/validators";
import { useNavigate } from "react-router-dom";
import { clearSession } from "../lib/auth-storage";
import { trpc } from "../lib/trpc";
import { Icon } from "./ui/icons";

/** Revokes the token on the server, forgets it locally and goes to the sign-in page. */
export function LogoutButton({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation();
  const onClick = async () => {
    await logout.mutateAsync().catch(() => undefined);
    clearSession();
    await utils.invalidate().catch(() => undefined);
    navigate("/admin/login", { replace: true });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      title={compact ? MESSAGES.admin.shell.logout : undefined}
      className={`flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-white/80 hover:bg-white/10 hover:text-white ${className}`}
    >
      <Icon name="logout" className="h-5 w-5 shrink-0" />
      <span className={compact ? "sr-only" : ""}>{MESSAGES.admin.shell.logout}</span>
    </button>
  );
}
