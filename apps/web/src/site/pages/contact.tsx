import { usePageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";

export default function ContactPage() {
  usePageMeta("Contact — Studio", "Studio: contact");
  return (
    <SiteLayout>
      <h1 className="px-6 text-3xl font-bold">Contact</h1>
    </SiteLayout>
  );
}
