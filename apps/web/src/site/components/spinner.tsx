/** Loading indicator with a text for assistive technology. */
export function Spinner({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-16 text-white/70 ${className}`}>
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-white/15 border-t-accent"
      />
      <span>{label}</span>
    </div>
  );
}
