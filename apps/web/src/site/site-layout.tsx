import type { ReactNode } from "react";
import { Link } from "react-router-dom";

/** Placeholder public layout; the public-website issue builds the real header and footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-screen bg-ink text-white">
      <header className="px-6 py-4">
        <Link to="/" className="text-lg font-bold">
          Studio
        </Link>
      </header>
      <main>{children}</main>
      <footer className="px-6 py-8 text-sm text-white/60">© {new Date().getFullYear()} Studio</footer>
    </div>
  );
}
