/**
 * The studio's own details (issue 11): one row, id 1, seeded by its migration with the specification's
 * placeholders. Every public page reads it through the read cache ("studio" tag); a save invalidates that tag
 * on this instance at once and on every other one through the event bus, so the site shows it without a
 * rebuild or restart.
 */
import type { StudioProfileModel } from "@studio/db";
import { DEFAULT_STUDIO_PROFILE, type StudioProfile, type ZStudioProfileUpdate } from "@studio/validators";
import type { z } from "zod";
import { auditedChange } from "../audit/trail";
import { type DomainDeps, toTextList } from "./records";
import { markMediaReferenced } from "./uploads/cleanup";

/** The one row's id. */
export const STUDIO_PROFILE_ID = 1;

type ProfileData = z.output<typeof ZStudioProfileUpdate>;

/** A stored list, or the default's when the stored one is unusable (never empty on the site). */
function listOr(value: unknown, fallback: string[]): string[] {
  const list = toTextList(value);
  return list.length ? list : fallback;
}

export function toStudioProfile(row: StudioProfileModel): StudioProfile {
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
    businessHours: row.businessHours,
    replyPromise: row.replyPromise,
    logo: row.logo,
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

function toRow(data: ProfileData) {
  const { socials, ...rest } = data;
  return { ...rest, ...socials };
}

/** The profile as the public site shows it (the defaults if the row is missing, e.g. deleted by hand). */
export function getStudioProfile(deps: DomainDeps): Promise<StudioProfile> {
  return deps.cache.get("studio", "profile", async () => {
    const row = await deps.db.studioProfile.findUnique({ where: { id: STUDIO_PROFILE_ID } });
    return row ? toStudioProfile(row) : DEFAULT_STUDIO_PROFILE;
  });
}

/** Saves the whole profile (input already validated: nothing is written when any field is invalid). */
export async function updateStudioProfile(deps: DomainDeps, input: ProfileData): Promise<StudioProfile> {
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
  return toStudioProfile(row);
}
