import { CATEGORY_LABELS } from "@studio/validators";

/**
 * The service categories the site offers as shortcuts: the floating side buttons on larger screens and the
 * phone menu (which has no room for them at the side). Live streaming is the videography page and brand
 * content the commercial page (the specification's floating side buttons).
 */
export const CATEGORY_LINKS = [
  { label: "Live Streaming", to: "/videography" },
  { label: CATEGORY_LABELS.photography, to: "/photography" },
  { label: CATEGORY_LABELS["drone-services"], to: "/drone-services" },
  { label: CATEGORY_LABELS["vfx-post"], to: "/vfx-post" },
  { label: "Brand Content", to: "/commercial" },
] as const;

export type CategoryPath = (typeof CATEGORY_LINKS)[number]["to"];
