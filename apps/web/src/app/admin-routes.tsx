import { type ComponentType, lazy } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { RequireAdmin } from "../admin/require-admin";
import { DataProvider } from "./data-provider";

/**
 * The admin area's routes, mounted at /admin/* by the app router. This module and everything below it
 * is a separate chunk: visitors of the public site never download it.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const LoginPage = page(() => import("../admin/pages/login"));
const SignupPage = page(() => import("../admin/pages/signup"));
const ResetPasswordPage = page(() => import("../admin/pages/reset-password"));
const ConfirmEmailPage = page(() =>
  import("../admin/pages/email-change").then((m) => ({ default: m.ConfirmEmailPage })),
);
const UndoEmailChangePage = page(() =>
  import("../admin/pages/email-change").then((m) => ({ default: m.UndoEmailChangePage })),
);
const AdminLayout = page(() => import("../admin/admin-layout"));
const DashboardPage = page(() => import("../admin/pages/dashboard"));
const ServicesPage = page(() => import("../admin/pages/services"));
const PortfolioPage = page(() => import("../admin/pages/portfolio"));
const GalleriesPage = page(() => import("../admin/pages/galleries"));
const BookingsPage = page(() => import("../admin/pages/bookings"));
const FeedbackPage = page(() => import("../admin/pages/feedback"));
const AnalyticsPage = page(() => import("../admin/pages/analytics"));
const MessagesPage = page(() => import("../admin/pages/messages"));
const ActivityPage = page(() => import("../admin/pages/activity"));
const MailPage = page(() => import("../admin/pages/mail"));
const TeamPage = page(() => import("../admin/pages/team"));
const SettingsPage = page(() => import("../admin/pages/settings"));
const HoursPage = page(() => import("../admin/pages/hours"));
const ApiPage = page(() => import("../admin/pages/api"));

export default function AdminRoutes() {
  return (
    <DataProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="undo-email-change" element={<UndoEmailChangePage />} />
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        <Route element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="services" element={<ServicesPage />} />
            <Route path="portfolio" element={<PortfolioPage />} />
            <Route path="galleries" element={<GalleriesPage />} />
            <Route path="bookings" element={<BookingsPage />} />
            <Route path="feedback" element={<FeedbackPage />} />
            <Route path="analytics" element={<AnalyticsPage />} />
            <Route path="messages" element={<MessagesPage />} />
            <Route path="activity" element={<ActivityPage />} />
            <Route path="mail" element={<MailPage />} />
            <Route path="team" element={<TeamPage />} />
            <Route path="settings" element={<SettingsPage />} />
            <Route path="hours" element={<HoursPage />} />
            <Route path="api" element={<ApiPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </DataProvider>
  );
}
