/**
 * The studio's own details (issue 11): one row, id 1, seeded by its migration with the specification's
 * placeholders. Every public page reads it through the read cache ("studio" tag); a save invalidates that tag
 * on this instance at once and on every other one through the event bus, so the site shows it without a
 * rebuild or restart.
 *
 * The public profile also states what follows other settings, so the site says it once and truly (issue 26):
 * the opening hours of the Hours page's schedule (read through its own cache tag, "schedule"), the studio's
 * zone, and the self-service cut-off (BOOKING_CHANGE_CUTOFF_HOURS).
 */
import type { StudioProfileModel } from "@studio/db";
import {
  DEFAULT_STUDIO_PROFILE,
  openingHoursOf,
  type StudioProfile,
  type ZStudioProfileUpdate,
} from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import type { ApiConfig } from "../config";
import { type ScheduleRules, scheduleRules } from "./bookings/schedule";
import { type DomainDeps, toTextList } from "./records";
import { markMediaReferenced } from "./uploads/cleanup";

/** What reading the public profile needs: the schedule's zone fallback and the self-service cut-off. */
export type StudioProfileDeps = DomainDeps & {
  config: Pick<ApiConfig, "timeZone" | "bookingChangeCutoffHours">;
};

/** The stored part of the profile (what the Settings page saves). */
export type StoredProfile = Omit<StudioProfile, "openingHours" | "timeZone" | "changeCutoffHours">;

/** The one row's id. */
export const STUDIO_PROFILE_ID = 1;

type ProfileData = z.output<typeof ZStudioProfileUpdate>;

/** A stored list, or the default's when the stored one is unusable (never empty on the site). */
function listOr(value: unknown, fallback: string[]): string[] {
  const list = toTextList(value);
  return list.length ? list : fallback;
}

export function toStoredProfile(row: StudioProfileModel): StoredProfile {
  const d = DEFAULT_STUDIO_PROFILE;
  return {
    name: row.name,
    tagline: row.tagline,
    addressLines: listOr(row.addressLines, d.addressLines),
    city: row.city,
    region: row.region,
    country: row.country,
    phones: listOr(row.phones, d.phones),
    emails: listOr(row.emails, d.emails),
    socials: {
      instagram: row.instagram,
      youtube: row.youtube,
      facebook: row.facebook,
      twitter: row.twitter,
      linkedin: row.linkedin,
    },
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    about: row.about,
    hoursNote: row.hoursNote,
    replyPromise: row.replyPromise,
    logo: row.logo,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The row's columns, named one by one: whatever else an object carries (the public profile's read-only
 * fields, say) is never written. */
function toRow(data: ProfileData) {
  return {
    name: data.name,
    tagline: data.tagline,
    addressLines: data.addressLines,
    city: data.city,
    region: data.region,
    country: data.country,
    phones: data.phones,
    emails: data.emails,
    instagram: data.socials.instagram,
    youtube: data.socials.youtube,
    facebook: data.socials.facebook,
    twitter: data.socials.twitter,
    linkedin: data.socials.linkedin,
    latitude: data.latitude,
    longitude: data.longitude,
    zoom: data.zoom,
    about: data.about,
    hoursNote: data.hoursNote,
    replyPromise: data.replyPromise,
    logo: data.logo,
  };
}

/** The stored profile with what the schedule and the configuration state. */
export function publicStudioProfile(
  stored: StoredProfile,
  rules: Pick<ScheduleRules, "weekly" | "timeZone">,
  config: Pick<ApiConfig, "bookingChangeCutoffHours">,
): StudioProfile {
  return {
    ...stored,
    openingHours: openingHoursOf(rules.weekly),
    timeZone: rules.timeZone,
    changeCutoffHours: config.bookingChangeCutoffHours,
  };
}

/** What an admin saved (the defaults if the row is missing), through the read cache: e-mails need no more. */
export function getStoredStudioProfile(deps: DomainDeps): Promise<StoredProfile> {
  return deps.cache.get("studio", "profile", async () => {
    const row = await deps.db.studioProfile.findUnique({ where: { id: STUDIO_PROFILE_ID } });
    if (row) return toStoredProfile(row);
    const { openingHours: _h, timeZone: _z, changeCutoffHours: _c, ...defaults } = DEFAULT_STUDIO_PROFILE;
    return defaults;
  });
}

/**
 * The profile as the public site shows it (the defaults if the row is missing, e.g. deleted by hand), with the
 * opening hours of the current schedule: both through the read cache, so a save of either shows at once.
 */
export async function getStudioProfile(deps: StudioProfileDeps): Promise<StudioProfile> {
  const [stored, rules] = await Promise.all([getStoredStudioProfile(deps), scheduleRules(deps)]);
  return publicStudioProfile(stored, rules, deps.config);
}

/** Saves the whole profile (input already validated: nothing is written when any field is invalid). */
export async function updateStudioProfile(
  deps: StudioProfileDeps,
  input: ProfileData,
): Promise<StudioProfile> {
  const data = { ...toRow(input), updatedAt: deps.now() };
  const row = await auditedChange(deps, STUDIO_PROFILE_ID, (tx) =>
    tx.studioProfile.upsert({
      where: { id: STUDIO_PROFILE_ID },
      create: { id: STUDIO_PROFILE_ID, ...data },
      update: data,
    }),
  );
  deps.cache.invalidate("studio");
  await markMediaReferenced(deps, [row.logo]);
  return publicStudioProfile(toStoredProfile(row), await scheduleRules(deps), deps.config);
}
