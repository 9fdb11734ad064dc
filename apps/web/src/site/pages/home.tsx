import { lazy, Suspense } from "react";
import { usePageMeta } from "../../components/page-meta";
import { Hero } from "../components/hero";
import { DeferredSections } from "../home/deferred-sections";
import { useFirstInteraction } from "../hooks/use-first-interaction";
import { SiteLayout } from "../site-layout";

const FloatingButtons = lazy(() =>
  import("../components/floating-buttons").then((m) => ({ default: m.FloatingButtons })),
);

const TITLE = "Studio — Photo, Video, Film & Drone Production";
const DESCRIPTION =
  "Photography, videography, cinematography, drone and VFX production in Kolhapur: from cameras to drones, from concept to broadcast. Book a session online.";

export function HomePage() {
  usePageMeta(TITLE, DESCRIPTION);
  const interacted = useFirstInteraction();
  const origin = window.location.origin;
  return (
    <SiteLayout>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Studio" />
      <meta property="og:title" content={TITLE} />
      <meta property="og:description" content={DESCRIPTION} />
      <meta property="og:url" content={`${origin}/`} />
      <meta property="og:image" content={`${origin}/media/film-set.jpg`} />
      <meta property="og:image:width" content="1600" />
      <meta property="og:image:height" content="1000" />
      <meta name="twitter:card" content="summary_large_image" />
      <Hero />
      <DeferredSections />
      {interacted ? (
        <Suspense fallback={null}>
          <FloatingButtons />
        </Suspense>
      ) : null}
    </SiteLayout>
  );
}
