/**
 * The studio's clock in the web app: every date and time is shown in the studio's zone (the Hours page's, else
 * STUDIO_TIMEZONE, as `site.config` answers it), written by @studio/validators' date-format, never in the zone of
 * the browser that happens to show it.
 */
import { formatInstant, MESSAGES } from "@studio/validators";
import { useCallback } from "react";
import { trpc } from "./trpc";

/** The studio's IANA zone; undefined until the server has answered. */
export function useStudioZone(): string | undefined {
  return trpc.site.config.useQuery(undefined, { staleTime: 5 * 60_000 }).data?.timeZone;
}

/** Writes a moment (an ISO timestamp) on the studio's clock: "3 Dec 2026, 2:05 PM"; empty until the zone is known. */
export function useInstantFormat(): (instant: string) => string {
  const zone = useStudioZone();
  return useCallback((instant: string) => (zone ? formatInstant(instant, zone) : ""), [zone]);
}

/** "Times in America/Los_Angeles": said once near a page's times. */
export function StudioZoneNote({ className = "" }: { className?: string }) {
  const zone = useStudioZone();
  if (!zone) return null;
  return (
    <span className={`block text-xs text-white/55 ${className}`} data-testid="studio-zone">
      {MESSAGES.dates.timesIn(zone)}
    </span>
  );
}
