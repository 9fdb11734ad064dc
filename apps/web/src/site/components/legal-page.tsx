import type { ReactNode } from "react";
import { PageMeta } from "../../components/page-meta";
import { SiteLayout } from "../site-layout";
import { useStudioProfile } from "../studio-profile";

export type LegalSection = { title: string; body: ReactNode };

/** Long-form legal text with a table of contents. */
export function LegalPage({
  title,
  description,
  updated,
  intro,
  sections,
}: {
  title: string;
  description: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  const { name } = useStudioProfile();
  const anchor = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return (
    <SiteLayout>
      <PageMeta title={`${title} — ${name}`} description={description} />
      <article className="px-5 pb-28 pt-36 sm:px-8">
        <div className="mx-auto max-w-3xl">
          <p className="text-xs font-semibold uppercase tracking-[0.35em] text-accent">Legal</p>
          <h1 className="mt-4 font-display text-4xl font-extrabold tracking-[-0.03em] text-white sm:text-5xl">
            {title}
          </h1>
          <p className="mt-3 text-sm text-white/60">Last updated {updated}</p>
          <div className="mt-8 text-lg leading-relaxed text-white/80">{intro}</div>
          <nav
            aria-label="On this page"
            className="mt-10 rounded-2xl border border-white/[0.07] bg-ink-soft p-6"
          >
            <h2 className="text-xs font-semibold uppercase tracking-[0.25em] text-white/60">On this page</h2>
            <ol className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
              {sections.map((s, i) => (
                <li key={s.title}>
                  <a href={`#${anchor(s.title)}`} className="text-white/80 hover:text-accent">
                    {i + 1}. {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {sections.map((s, i) => (
            <section key={s.title} id={anchor(s.title)} className="mt-12">
              <h2 className="font-display text-2xl font-bold text-white">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-white/75 [&_a]:text-accent [&_a]:underline [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
                {s.body}
              </div>
            </section>
          ))}
        </div>
      </article>
    </SiteLayout>
  );
}
