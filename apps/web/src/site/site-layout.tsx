import { lazy, type ReactNode, Suspense, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { isServerPainted, loadAfterFirstView, markPageLive } from "../app/server-painted";
import { Header } from "./components/header";
import { SiteDialogsProvider } from "./dialogs";
import { useFirstInteraction } from "./hooks/use-first-interaction";
import { useInView } from "./hooks/use-in-view";

const Footer = lazy(
  loadAfterFirstView(() => import("./components/footer").then((m) => ({ default: m.Footer }))),
);

/**
 * On a page rendered in the browser, the footer is never part of the first view: it loads on the visitor's
 * first interaction (a key press included, so keyboard and screen-reader users find the landmark) or as the
 * page end comes near. Prerendered pages carry it in their HTML (readable without JavaScript).
 */
function DeferredFooter() {
  const [ref, near] = useInView<HTMLDivElement>({ rootMargin: "0px 0px 600px 0px" });
  const interacted = useFirstInteraction();
  const placeholder = <div ref={ref} className="h-[26rem] bg-[#07070b]" aria-hidden="true" />;
  // In HTML the server sent, the footer is already there (with the studio's details): keep it.
  if (!near && !interacted && !isServerPainted()) return placeholder;
  return (
    <Suspense fallback={<div className="h-[26rem] bg-[#07070b]" aria-hidden="true" />}>
      <Footer />
    </Suspense>
  );
}

/** Public page frame: skip link, header, main landmark, footer, and the site-wide dialogs. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname, hash } = useLocation();
  // Runs once this page's content has hydrated (or rendered): from here on its buttons respond.
  useEffect(markPageLive, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change (category pages reuse this component)
  useEffect(() => {
    // A new page starts at the top (the declarative router does not restore scroll positions).
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <SiteDialogsProvider>
      <div className="min-h-screen bg-ink text-white">
        <a
          href="#main"
          className="sr-only z-50 rounded-full bg-accent px-5 py-3 font-semibold text-black focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        <Header />
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
        <DeferredFooter />
      </div>
    </SiteDialogsProvider>
  );
}
