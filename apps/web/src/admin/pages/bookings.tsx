import { usePageMeta } from "../../components/page-meta";

export default function AdminBookingsPage() {
  usePageMeta("Bookings — Studio Admin", "Studio back office");
  return <h1 className="text-2xl font-bold">Bookings</h1>;
}
