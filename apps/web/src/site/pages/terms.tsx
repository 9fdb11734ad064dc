import { usePageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";

export default function TermsPage() {
  usePageMeta("Terms — Studio", "Studio: terms");
  return (
    <SiteLayout>
      <h1 className="px-6 text-3xl font-bold">Terms</h1>
    </SiteLayout>
  );
}
