import type { StudioProfile } from "@studio/validators";
import { useEffect } from "react";
import { DataProvider } from "../app/data-provider";
import { trpc } from "../lib/trpc";
import { applyStudioProfileToHead } from "./studio-profile-head";

function Sync({ initial, onChange }: { initial: StudioProfile; onChange: (profile: StudioProfile) => void }) {
  // Fetched once the page is up, again whenever the visitor comes back to the tab; a save in the back office
  // (same tab) writes the new profile into this query at once.
  const { data } = trpc.site.profile.useQuery(undefined, {
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  useEffect(() => {
    if (!data) return;
    onChange(data);
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
