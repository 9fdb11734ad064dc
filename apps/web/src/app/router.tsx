import { CATEGORY_SLUGS } from "@studio/validators";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { RequireAdmin } from "../admin/require-admin";
import { HomePage } from "../site/pages/home";

/** Lazy route modules: the admin area and secondary pages are separate chunks visitors never download. */
const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const categoryRoutes: RouteObject[] = CATEGORY_SLUGS.map((slug) => ({
  path: `/${slug}`,
  lazy: lazyPage(() => import("../site/pages/category")),
}));

export const routes: RouteObject[] = [
  { path: "/", Component: HomePage },
  { path: "/about", lazy: lazyPage(() => import("../site/pages/about")) },
  { path: "/contact", lazy: lazyPage(() => import("../site/pages/contact")) },
  ...categoryRoutes,
  { path: "/privacy", lazy: lazyPage(() => import("../site/pages/privacy")) },
  { path: "/terms", lazy: lazyPage(() => import("../site/pages/terms")) },
  { path: "/admin/login", lazy: lazyPage(() => import("../admin/pages/login")) },
  { path: "/admin/signup", lazy: lazyPage(() => import("../admin/pages/signup")) },
  { path: "/admin", element: <Navigate to="/admin/dashboard" replace /> },
  {
    path: "/admin",
    Component: RequireAdmin,
    children: [
      {
        lazy: lazyPage(() => import("../admin/admin-layout")),
        children: [
          { path: "dashboard", lazy: lazyPage(() => import("../admin/pages/dashboard")) },
          { path: "services", lazy: lazyPage(() => import("../admin/pages/services")) },
          { path: "portfolio", lazy: lazyPage(() => import("../admin/pages/portfolio")) },
          { path: "bookings", lazy: lazyPage(() => import("../admin/pages/bookings")) },
          { path: "feedback", lazy: lazyPage(() => import("../admin/pages/feedback")) },
          { path: "analytics", lazy: lazyPage(() => import("../admin/pages/analytics")) },
          { path: "messages", lazy: lazyPage(() => import("../admin/pages/messages")) },
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

export const router = createBrowserRouter(routes);
