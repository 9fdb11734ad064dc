import type { StudioProfile } from "@studio/validators";
import { startTransition, useEffect, useRef } from "react";
import { DataProvider } from "../app/data-provider";
import { trpc } from "../lib/trpc";
import { applyStudioProfileToHead } from "./studio-profile-head";

const contentOf = (profile: StudioProfile) => JSON.stringify({ ...profile, updated_at: null });

function Sync({ initial, onChange }: { initial: StudioProfile; onChange: (profile: StudioProfile) => void }) {
  // Fetched once the page is up, again whenever the visitor comes back to the tab; a save in the back office
  // (same tab) writes the new profile into this query at once.
  const { data } = trpc.site.profile.useQuery(undefined, {
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  // The details the page shows: the same ones saved again (only `updated_at` is newer) change nothing.
  const shown = useRef(contentOf(initial));
  useEffect(() => {
    if (!data || contentOf(data) === shown.current) return;
    shown.current = contentOf(data);
    // A transition: React finishes hydrating the server's HTML before it renders the change, instead of throwing
    // that HTML away (with what the visitor typed or opened in it) to render it afresh.
    startTransition(() => onChange(data));
    applyStudioProfileToHead(document, data);
  }, [data, onChange]);
  return null;
}

/** Keeps the studio profile fresh (loaded lazily by StudioProfileProvider). */
export default function StudioProfileSync(props: {
  initial: StudioProfile;
  onChange: (profile: StudioProfile) => void;
}) {
  return (
    <DataProvider>
      <Sync {...props} />
    </DataProvider>
  );
}
