import { usePageMeta } from "../../components/page-meta";

export default function AdminMessagesPage() {
  usePageMeta("Messages — Studio Admin", "Studio back office");
  return <h1 className="text-2xl font-bold">Messages</h1>;
}
