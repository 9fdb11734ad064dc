import { STUDIO } from "@studio/content";
import { SOCIAL_ICONS } from "./icons";

/** The studio's social profiles as round icon links (footer, contact page); each opens the platform's page. */
export function SocialLinks({ size = "h-10 w-10" }: { size?: string }) {
  return (
    <ul className="flex gap-2" aria-label="Social media">
      {STUDIO.socials.map((social) => {
        const Icon = SOCIAL_ICONS[social.name];
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
