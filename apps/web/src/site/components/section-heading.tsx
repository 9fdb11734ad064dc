import type { ReactNode } from "react";
import { useReveal } from "../hooks/use-reveal";

type Props = {
  id: string;
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  as?: "h1" | "h2";
  align?: "center" | "left";
};

/** Eyebrow + large heading + intro, revealed on scroll. */
export function SectionHeading({ id, eyebrow, title, intro, as: Tag = "h2", align = "center" }: Props) {
  const { revealProps } = useReveal<HTMLDivElement>();
  return (
    <div
      {...revealProps}
      className={`reveal mb-14 ${align === "center" ? "mx-auto max-w-3xl text-center" : "max-w-2xl"}`}
    >
      <p className="mb-4 text-xs font-semibold uppercase tracking-[0.35em] text-accent">{eyebrow}</p>
      <Tag
        id={id}
        className="font-display text-4xl font-extrabold leading-[1.05] tracking-[-0.03em] text-white sm:text-5xl"
      >
        {title}
      </Tag>
      {intro ? <p className="mt-5 text-lg leading-relaxed text-white/70">{intro}</p> : null}
    </div>
  );
}
