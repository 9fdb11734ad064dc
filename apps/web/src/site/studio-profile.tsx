import { DEFAULT_STUDIO_PROFILE, STUDIO_PROFILE_ELEMENT_ID, type StudioProfile } from "@studio/validators";
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useState } from "react";

/** The element the server (or the prerendered page) puts the current profile in, as JSON. */
export { STUDIO_PROFILE_ELEMENT_ID };

const StudioProfileContext = createContext<StudioProfile>(DEFAULT_STUDIO_PROFILE);

/**
 * A light check of the profile the server wrote into the page (it was validated when saved; zod stays out of
 * the first chunk): an object with the lists every page indexes into.
 */
function isStudioProfile(value: unknown): value is StudioProfile {
  const p = value as Partial<StudioProfile> | null;
  return (
    typeof p?.name === "string" &&
    typeof p.socials === "object" &&
    [p.addressLines, p.phones, p.emails].every((list) => Array.isArray(list) && list.length > 0)
  );
}

/** The profile the server sent with the page, if any and well-formed; else the defaults. */
export function readInitialStudioProfile(doc: Document | undefined = globalThis.document): StudioProfile {
  const text = doc?.getElementById(STUDIO_PROFILE_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_STUDIO_PROFILE;
  try {
    const parsed: unknown = JSON.parse(text);
    return isStudioProfile(parsed) ? parsed : DEFAULT_STUDIO_PROFILE;
  } catch {
    return DEFAULT_STUDIO_PROFILE;
  }
}

// The data layer (tRPC + React Query) stays out of the public entry chunk: it loads after the first paint.
const StudioProfileSync = lazy(() => import("./studio-profile-sync"));

/**
 * The studio's details for every public page (name, address, phones, e-mails, socials, map, hours text,
 * logo). It starts from `initial` (what the server rendered the page with, so hydration matches) and then
 * follows the server's `site.profile`, so a change made in the back office shows without a rebuild.
 */
export function StudioProfileProvider({
  initial,
  children,
}: {
  initial?: StudioProfile;
  children: ReactNode;
}) {
  const [profile, setProfile] = useState<StudioProfile>(() => initial ?? readInitialStudioProfile());
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <StudioProfileContext.Provider value={profile}>
      {children}
      {mounted ? (
        <Suspense fallback={null}>
          <StudioProfileSync initial={profile} onChange={setProfile} />
        </Suspense>
      ) : null}
    </StudioProfileContext.Provider>
  );
}

/** The studio's current details (the defaults outside a provider). */
export function useStudioProfile(): StudioProfile {
  return useContext(StudioProfileContext);
}
