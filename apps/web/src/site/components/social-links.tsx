import { socialLinksOf } from "@studio/validators";
import { useStudioProfile } from "../studio-profile";
import { SOCIAL_ICONS } from "./icons";

const ICONS = {
  instagram: SOCIAL_ICONS.Instagram,
  youtube: SOCIAL_ICONS.YouTube,
  facebook: SOCIAL_ICONS.Facebook,
  twitter: SOCIAL_ICONS.Twitter,
  linkedin: SOCIAL_ICONS.LinkedIn,
} as const;

/** The studio's social profiles as round icon links (footer, contact page); each opens the platform's page. */
export function SocialLinks({ size = "h-10 w-10" }: { size?: string }) {
  const links = socialLinksOf(useStudioProfile());
  if (!links.length) return null;
  return (
    <ul className="flex gap-2" aria-label="Social media">
      {links.map((social) => {
        const Icon = ICONS[social.network];
        return (
          <li key={social.name}>
            <a
              href={social.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${social.name} ${social.handle} (opens in a new tab)`}
              className={`inline-flex ${size} items-center justify-center rounded-full border border-white/10 text-white/75 transition hover:border-accent hover:text-accent`}
            >
              <Icon className="h-4.5 w-4.5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
