import type { ReactNode } from "react";

/** A titled card of a back-office settings page (Team, Settings, Hours), labelled by its heading. */
export function Section({
  id,
  title,
  text,
  bodyClassName = "",
  children,
}: {
  id: string;
  title: string;
  text?: string;
  /** Classes of the body under the heading (a grid, a container-query context). */
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-2xl border border-ink-line bg-ink-soft p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {text ? <p className="mt-1 text-sm text-white/70">{text}</p> : null}
      <div className={`mt-4 ${bodyClassName}`.trim()}>{children}</div>
    </section>
  );
}
