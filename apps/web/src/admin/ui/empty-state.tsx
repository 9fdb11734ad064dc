import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: IconName;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-ink-line px-6 py-14 text-center">
      <span className="rounded-full bg-white/5 p-4 text-white/60">
        <Icon name={icon} className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-white">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-white/70">{text}</p>
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
