import { usePageMeta } from "../../components/page-meta";

export default function AdminPortfolioPage() {
  usePageMeta("Portfolio — Studio Admin", "Studio back office");
  return <h1 className="text-2xl font-bold">Portfolio</h1>;
}
