import { usePageMeta } from "../../components/page-meta";

export default function AdminServicesPage() {
  usePageMeta("Services — Studio Admin", "Studio back office");
  return <h1 className="text-2xl font-bold">Services</h1>;
}
