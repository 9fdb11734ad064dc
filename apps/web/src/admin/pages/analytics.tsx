import { usePageMeta } from "../../components/page-meta";

export default function AdminAnalyticsPage() {
  usePageMeta("Analytics — Studio Admin", "Studio back office");
  return <h1 className="text-2xl font-bold">Analytics</h1>;
}
