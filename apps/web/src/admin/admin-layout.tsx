import { Link, Outlet } from "react-router-dom";
import { getStoredUser } from "../lib/auth-storage";
import { trpc } from "../lib/trpc";
import { LogoutButton } from "./logout-button";

/** Placeholder shell; the back-office issue builds the full sidebar, header and bell. */
export default function AdminLayout() {
  // Confirms the token with the server; a 401 clears it and goes to sign-in.
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data ?? getStoredUser();
  return (
    <div className="min-h-screen bg-ink text-white">
      <header className="flex items-center justify-between border-b border-ink-line px-6 py-4">
        <Link to="/admin/dashboard" className="font-bold">
          Studio Admin
        </Link>
        <div className="flex items-center gap-4 text-sm">
          <span>{user?.name}</span>
          <LogoutButton />
        </div>
      </header>
      <main className="p-6">
        <Outlet />
      </main>
    </div>
  );
}
