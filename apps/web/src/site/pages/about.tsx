import { usePageMeta } from "../../components/page-meta";
import { AboutSection } from "../components/about-section";
import { SiteLayout } from "../site-layout";

export default function AboutPage() {
  usePageMeta(
    "About Us — Studio",
    "Meet Studio: photographers, cinematographers, drone pilots, editors and VFX artists crafting stories that create impact since 2018.",
  );
  return (
    <SiteLayout>
      <AboutSection headingLevel="h1" />
    </SiteLayout>
  );
}
