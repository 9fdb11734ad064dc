import { usePageMeta } from "../../components/page-meta";
import { getStoredUser } from "../../lib/auth-storage";

export default function AdminDashboardPage() {
  usePageMeta("Dashboard — Studio Admin", "Studio back office");
  const user = getStoredUser();
  return <h1 className="text-2xl font-bold">Welcome back, {user?.name ?? "Admin"}</h1>;
}
