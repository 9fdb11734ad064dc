import { ABOUT, ACHIEVEMENTS, VALUES } from "@studio/content";
import { aboutParagraphs } from "@studio/validators";
import { useStudioProfile } from "../studio-profile";
import { useCountUp } from "../hooks/use-count-up";
import { useInView } from "../hooks/use-in-view";
import { useReveal } from "../hooks/use-reveal";
import { AwardIcon, EyeTargetIcon, HeartIcon, SparklesIcon } from "./icons";
import { MediaImage } from "./media-image";

const VALUE_ICONS = [SparklesIcon, EyeTargetIcon, HeartIcon, AwardIcon] as const;

function Counter({
  value,
  suffix,
  label,
  start,
}: {
  value: number;
  suffix: string;
  label: string;
  start: boolean;
}) {
  const current = useCountUp(value, start);
  return (
    <div className="flex flex-col-reverse rounded-3xl border border-white/[0.07] bg-ink-soft/80 p-6 text-center backdrop-blur">
      <dt className="mt-2 text-sm font-medium text-white/70">{label}</dt>
      <dd className="font-display text-4xl font-extrabold tracking-tight text-white sm:text-5xl">
        <span aria-hidden="true">
          {current.toLocaleString("en-US")}
          <span className="text-accent">{suffix}</span>
        </span>
        <span className="sr-only">
          {value.toLocaleString("en-US")}
          {suffix}
        </span>
      </dd>
    </div>
  );
}

/** Story, mission, the four values and the achievement counters (home #about and the /about page). */
export function AboutSection({ headingLevel = "h2" }: { headingLevel?: "h1" | "h2" }) {
  const Heading = headingLevel;
  const Sub = headingLevel === "h1" ? "h2" : "h3";
  const intro = useReveal<HTMLDivElement>();
  const values = useReveal<HTMLUListElement>();
  const [statsRef, statsInView] = useInView<HTMLDListElement>();
  // The story is the studio's own (its profile, set on the Settings page); the rest is the site's copy.
  const story = aboutParagraphs(useStudioProfile().about);

  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className={`relative overflow-hidden px-5 sm:px-8 ${headingLevel === "h1" ? "pb-28 pt-36" : "py-28"}`}
    >
      <div
        className="pointer-events-none absolute -right-40 top-20 h-[32rem] w-[32rem] rounded-full bg-accent/10 blur-3xl"
        aria-hidden="true"
      />
      <div className="mx-auto max-w-7xl">
        <div className="grid items-center gap-14 lg:grid-cols-2">
          <div {...intro.revealProps} className="reveal">
            <p className="mb-4 text-xs font-semibold uppercase tracking-[0.35em] text-accent">
              {ABOUT.eyebrow}
            </p>
            <Heading
              id="about-title"
              className="font-display text-4xl font-extrabold leading-[1.05] tracking-[-0.03em] text-white sm:text-5xl"
            >
              {ABOUT.title}
            </Heading>
            <Sub className="mt-8 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">
              Our story
            </Sub>
            {story.map((paragraph, i) => (
              // Paragraphs are positional (two may read the same): their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <p key={`${i}:${paragraph.slice(0, 24)}`} className="mt-3 leading-relaxed text-white/75">
                {paragraph}
              </p>
            ))}
            <h3 className="mt-8 text-sm font-semibold uppercase tracking-[0.2em] text-white/60">
              Our mission
            </h3>
            <p className="mt-3 border-l-2 border-accent pl-5 text-lg leading-relaxed text-white/90">
              {ABOUT.mission}
            </p>
          </div>
          <div className="relative mx-auto w-full max-w-xl pb-16 pl-10 lg:max-w-none" aria-hidden="true">
            <MediaImage
              src="/media/film-set.jpg"
              alt=""
              sizes="(min-width: 1024px) 40vw, 90vw"
              className="aspect-[4/3] w-full rounded-[2rem] object-cover shadow-2xl"
            />
            <MediaImage
              src="/media/edit-suite.jpg"
              alt=""
              sizes="(min-width: 1024px) 20vw, 45vw"
              className="absolute bottom-0 left-0 aspect-[4/3] w-[48%] rounded-3xl border-4 border-ink object-cover shadow-2xl"
            />
            <div className="absolute -top-5 right-6 rounded-3xl bg-accent px-6 py-4 text-black shadow-[0_20px_50px_-15px_rgba(245,158,11,0.7)]">
              <span className="block font-display text-4xl font-extrabold leading-none">8</span>
              <span className="mt-1 block text-sm font-semibold">years of crafting stories</span>
            </div>
          </div>
        </div>

        <ul {...values.revealProps} className="reveal-group mt-24 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value, i) => {
            const Icon = VALUE_ICONS[i] ?? SparklesIcon;
            return (
              <li
                key={value.title}
                className="group rounded-3xl border border-white/[0.07] bg-ink-soft p-7 transition hover:border-accent/30"
              >
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-2xl bg-accent/10 text-accent transition group-hover:bg-accent group-hover:text-black">
                  <Icon className="h-6 w-6" />
                </span>
                <h3 className="mt-5 font-display text-lg font-bold text-white">{value.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-white/70">{value.text}</p>
              </li>
            );
          })}
        </ul>

        <dl ref={statsRef} className="mt-16 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {ACHIEVEMENTS.map((a) => (
            <Counter key={a.label} value={a.value} suffix={a.suffix} label={a.label} start={statsInView} />
          ))}
        </dl>
      </div>
    </section>
  );
}
