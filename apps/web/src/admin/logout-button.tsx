import { MESSAGES } from "@studio/validators";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { clearSession } from "../lib/auth-storage";
import { trpc } from "../lib/trpc";
import { Icon } from "./ui/icons";

/**
 * Revokes the token on the server, forgets it locally, goes to the sign-in page and drops every cached
 * admin answer. Navigating before the cache is touched matters: a refetch made without the token answers
 * 401, and a 401 seen away from the sign-in page reloads the whole app.
 */
export function LogoutButton({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation();
  const onClick = async () => {
    await logout.mutateAsync().catch(() => undefined);
    clearSession();
    navigate("/admin/login", { replace: true });
    await queryClient.cancelQueries();
    queryClient.clear();
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
