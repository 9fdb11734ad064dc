import type { ReactNode } from "react";
import { Link } from "react-router-dom";

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-[radial-gradient(ellipse_at_top,_#1f1a2e,_#0a0a0f_60%)] px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-ink-line bg-ink-soft/90 p-8 shadow-2xl">
        <p className="mb-6 flex items-center gap-2 text-sm font-semibold text-white/80">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-lg bg-accent font-bold text-black"
          >
            S
          </span>
          Studio Admin
        </p>
        <h1 className="text-3xl font-bold text-white">{title}</h1>
        <p className="mt-2 text-sm text-white/70">{subtitle}</p>
        <div className="mt-8">{children}</div>
        <p className="mt-8 text-center text-sm">
          <Link to="/" className="text-white/70 underline-offset-4 hover:text-white hover:underline">
            ← Back to website
          </Link>
        </p>
      </div>
    </main>
  );
}
