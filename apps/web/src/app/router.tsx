import { CATEGORY_SLUGS } from "@studio/validators";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { CategoryPage } from "../site/pages/category";
import { HomePage } from "../site/pages/home";

/**
 * Declarative routes (BrowserRouter + Routes): react-router's data-router runtime weighs about 15 KB gzip
 * more and nothing here uses loaders or actions. The home page and the category pages' heroes are in the
 * app shell (their first view paints without another request); everything else is its own chunk, and the
 * admin area (admin-routes.tsx) and the API client are never downloaded by visitors of the public site.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const AboutPage = page(() => import("../site/pages/about"));
const ContactPage = page(() => import("../site/pages/contact"));
const PrivacyPage = page(() => import("../site/pages/privacy"));
const TermsPage = page(() => import("../site/pages/terms"));
const AdminRoutes = page(() => import("./admin-routes"));

function PageFallback() {
  return <div className="min-h-screen bg-ink" aria-busy="true" />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/contact" element={<ContactPage />} />
        {CATEGORY_SLUGS.map((slug) => (
          <Route key={slug} path={`/${slug}`} element={<CategoryPage />} />
        ))}
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
