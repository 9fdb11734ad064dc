import { Navigate, Outlet, useLocation } from "react-router-dom";
import { getToken } from "../lib/auth-storage";

/** Navigation guard only: the server enforces every admin permission itself. */
export function RequireAdmin() {
  const location = useLocation();
  if (!getToken()) return <Navigate to="/admin/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
