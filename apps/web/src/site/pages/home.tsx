import { lazy, Suspense } from "react";
import { PageMeta } from "../../components/page-meta";
import { Hero } from "../components/hero";
import { DeferredSections } from "../home/deferred-sections";
import { useFirstInteraction } from "../hooks/use-first-interaction";
import { SiteLayout } from "../site-layout";
import { useStudioProfile } from "../studio-profile";

const FloatingButtons = lazy(() =>
  import("../components/floating-buttons").then((m) => ({ default: m.FloatingButtons })),
);

export function HomePage() {
  const interacted = useFirstInteraction();
  const { name, city } = useStudioProfile();
  return (
    <SiteLayout>
      <PageMeta
        title={`${name} — Photo, Video, Film & Drone Production`}
        description={`Photography, videography, cinematography, drone and VFX production in ${city}: from cameras to drones, from concept to broadcast. Book a session online.`}
      />
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
