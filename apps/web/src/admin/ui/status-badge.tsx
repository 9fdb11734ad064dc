import { statusLabel } from "../lib/format";

/** Booking: pending yellow, confirmed green, completed blue, cancelled red. Feedback and portfolio reuse it. */
const TONES: Record<string, string> = {
  pending: "bg-yellow-400/15 text-yellow-200 ring-yellow-400/40",
  confirmed: "bg-green-500/15 text-green-200 ring-green-500/40",
  completed: "bg-blue-500/15 text-blue-200 ring-blue-500/40",
  cancelled: "bg-red-500/15 text-red-200 ring-red-500/40",
  approved: "bg-green-500/15 text-green-200 ring-green-500/40",
  rejected: "bg-red-500/15 text-red-200 ring-red-500/40",
  published: "bg-green-500/15 text-green-200 ring-green-500/40",
  draft: "bg-zinc-500/20 text-zinc-200 ring-zinc-400/40",
  private: "bg-purple-500/15 text-purple-200 ring-purple-500/40",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
        TONES[status] ?? "bg-white/10 text-white ring-white/20"
      }`}
    >
      {statusLabel(status)}
    </span>
  );
}
