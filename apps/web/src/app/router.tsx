import { CATEGORY_SLUGS } from "@studio/validators";
import { type ComponentType, lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { HomePage } from "../site/pages/home";

/**
 * Declarative routes (BrowserRouter + Routes): react-router's data-router runtime weighs about 15 KB gzip
 * more and nothing here uses loaders or actions. The home page is in the app shell; every other page is its own
 * chunk (a public page's prerendered HTML preloads it for hydration: apps/web/scripts/prerender.ts), and the
 * admin area (admin-routes.tsx) and the API client are never downloaded by visitors of the public site.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);

const CategoryPage = page(() => import("../site/pages/category"));
const AboutPage = page(() => import("../site/pages/about"));
const ContactPage = page(() => import("../site/pages/contact"));
const PrivacyPage = page(() => import("../site/pages/privacy"));
const TermsPage = page(() => import("../site/pages/terms"));
const ManagePage = page(() => import("../site/manage/manage-page"));
const GalleryPage = page(() => import("../site/gallery/gallery-page"));
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
        <Route path="/manage/:token" element={<ManagePage />} />
        <Route path="/g/:token" element={<GalleryPage />} />
        <Route path="/admin/*" element={<AdminRoutes />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
