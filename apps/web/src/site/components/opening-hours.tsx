import { openingHoursLines } from "@studio/validators";
import { useStudioProfile } from "../studio-profile";

/**
 * The studio's opening hours as its schedule states them (the Hours page's weekly hours, on the studio's
 * clock), with the zone named and the Settings page's note under them if there is one.
 */
export function OpeningHours({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  const profile = useStudioProfile();
  const lines = openingHoursLines(profile.openingHours);
  return (
    <div className={className} data-testid="opening-hours">
      <dl className={`grid grid-cols-[auto_1fr] gap-x-4 ${compact ? "gap-y-1" : "gap-y-1.5"}`}>
        {lines.map((line) => (
          <div key={line.days} className="contents">
            <dt className="whitespace-nowrap">{line.days}</dt>
            <dd className="whitespace-nowrap">{line.hours}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-sm text-white/60">Times in {profile.timeZone}</p>
      {profile.hoursNote ? <p className="mt-1 text-sm text-white/75">{profile.hoursNote}</p> : null}
    </div>
  );
}
