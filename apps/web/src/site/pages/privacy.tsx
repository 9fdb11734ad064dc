import { usePageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";

export default function PrivacyPage() {
  usePageMeta("Privacy — Studio", "Studio: privacy");
  return (
    <SiteLayout>
      <h1 className="px-6 text-3xl font-bold">Privacy</h1>
    </SiteLayout>
  );
}
