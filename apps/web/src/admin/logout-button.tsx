import { useNavigate } from "react-router-dom";
import { clearSession } from "../lib/auth-storage";
import { trpc } from "../lib/trpc";

/** Revokes the token on the server, forgets it locally and goes to the sign-in page. */
export function LogoutButton({ className = "" }: { className?: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation();
  const onClick = async () => {
    await logout.mutateAsync().catch(() => undefined);
    clearSession();
    utils.invalidate();
    navigate("/admin/login", { replace: true });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      className={`rounded-lg px-3 py-2 text-sm hover:bg-white/10 ${className}`}
    >
      Logout
    </button>
  );
}
