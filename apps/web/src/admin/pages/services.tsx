import { MESSAGES } from "@studio/validators";
import { ServicesManager } from "../services/services-manager";
import { PageHeader } from "../ui/page-header";

export default function AdminServicesPage() {
  return (
    <div>
      <PageHeader
        title={MESSAGES.admin.services.title}
        subtitle="What the studio offers, with prices shown on the website."
      />
      <ServicesManager heading="none" />
    </div>
  );
}
