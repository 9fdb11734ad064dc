import type { Db } from "@studio/db";
import type { ApiConfig } from "../config";
import { scheduleRules } from "../domain/bookings/schedule";
import { getStoredStudioProfile } from "../domain/studio-profile";
import type { Tx } from "../domain/uploads/proof";
import type { ReadCache } from "../cache";

/** What every e-mail says about the studio: its name and contact lines (footer, .ics organizer and location). */
export type StudioContact = {
  name: string;
  /** Street lines, then "City, Region", then the country. */
  address: string[];
  phones: string[];
  emails: string[];
  website: string;
};

/** The contact lines, and the zone sessions are booked in (the schedule's own, or the configured default). */
export type StudioDetails = StudioContact & { timeZone: string };

export type StudioDeps = {
  config: Pick<ApiConfig, "publicUrl" | "timeZone">;
  cache: ReadCache;
  now: () => Date;
};

/**
 * The studio profile (issue 11) as e-mails show it. Read through the caller's transaction when there is one:
 * on SQLite a statement outside an open transaction waits for it, so reading through the client there would
 * wait for ever.
 */
export async function studioDetailsFor(tx: Tx | Db, deps: StudioDeps): Promise<StudioDetails> {
  // Both read through the read cache; on a miss, only plain reads a transaction client has as well.
  const read = { db: tx as Db, now: deps.now, cache: deps.cache, config: deps.config };
  const [profile, rules] = await Promise.all([getStoredStudioProfile(read), scheduleRules(read)]);
  const cityLine = [profile.city, profile.region].filter(Boolean).join(", ");
  return {
    name: profile.name,
    address: [...profile.addressLines, cityLine, profile.country].filter((line) => line.trim() !== ""),
    phones: profile.phones,
    emails: profile.emails,
    website: deps.config.publicUrl.replace(/\/+$/, ""),
    timeZone: rules.timeZone,
  };
}

/** The address on one line (the .ics LOCATION). */
export function addressLine(studio: StudioDetails): string {
  return studio.address.join(", ");
}
