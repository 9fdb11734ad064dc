import { usePageMeta } from "../../components/page-meta";

export default function AdminFeedbackPage() {
  usePageMeta("Feedback — Studio Admin", "Studio back office");
  return <h1 className="text-2xl font-bold">Feedback</h1>;
}
