import { usePageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";

export default function AboutPage() {
  usePageMeta("About — Studio", "Studio: about");
  return (
    <SiteLayout>
      <h1 className="px-6 text-3xl font-bold">About</h1>
    </SiteLayout>
  );
}
