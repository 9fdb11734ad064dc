/** The social networks the profile links to, in the order the site shows them. */
export const SOCIAL_NETWORKS = ["instagram", "youtube", "facebook", "twitter", "linkedin"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Each network's name on the site and the hosts its links must point at. */
export const SOCIAL_NETWORK_INFO: Record<SocialNetwork, { label: string; hosts: readonly string[] }> = {
  instagram: { label: "Instagram", hosts: ["instagram.com"] },
  youtube: { label: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  facebook: { label: "Facebook", hosts: ["facebook.com", "fb.com"] },
  twitter: { label: "X (Twitter)", hosts: ["x.com", "twitter.com"] },
  linkedin: { label: "LinkedIn", hosts: ["linkedin.com"] },
};
