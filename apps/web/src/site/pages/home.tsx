import { usePageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";

export function HomePage() {
  usePageMeta(
    "Studio — Photo, Film & Drone Production",
    "Photo, video, film and drone production: from cameras to drones, from concept to broadcast.",
  );
  return (
    <SiteLayout>
      <h1 className="px-6 text-4xl font-bold">Crafting Stories, Creating Impact</h1>
    </SiteLayout>
  );
}
