import { PageMeta } from "../../components/page-meta";
import { AboutSection } from "../components/about-section";
import { SiteLayout } from "../site-layout";
import { useStudioProfile } from "../studio-profile";

export default function AboutPage() {
  const { name } = useStudioProfile();
  return (
    <SiteLayout>
      <PageMeta
        title={`About Us — ${name}`}
        description={`Meet ${name}: photographers, cinematographers, drone pilots, editors and VFX artists crafting stories that create impact.`}
      />
      <AboutSection headingLevel="h1" />
    </SiteLayout>
  );
}
