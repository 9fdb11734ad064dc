import { CATEGORY_LABELS, cityLine, PORTFOLIO_CATEGORIES, telHref } from "@studio/validators";
import { Link } from "react-router-dom";
import { useBookNow, useFeedbackLink } from "../dialogs";
import { Brand } from "./header";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons";
import { OpeningHours } from "./opening-hours";
import { SocialLinks } from "./social-links";
import { SectionLink } from "./section-link";
import { useStudioProfile } from "../studio-profile";

/** Each category page, under the one label the site and back office give its category. */
const CATEGORY_LINKS = PORTFOLIO_CATEGORIES.map((category) => ({
  label: CATEGORY_LABELS[category],
  to: `/${category}`,
}));

const heading = "mb-4 text-xs font-semibold uppercase tracking-[0.25em] text-white/60";
const link = "text-sm text-white/75 transition-colors hover:text-accent";

export function Footer() {
  const bookNow = useBookNow();
  const feedbackLink = useFeedbackLink();
  const profile = useStudioProfile();
  const phone = profile.phones[0];
  const email = profile.emails[0];
  const year = new Date().getFullYear();
  return (
    <footer className="relative border-t border-white/5 bg-[#07070b] text-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div className="min-w-0">
          <Brand />
          <p className="mt-5 max-w-xs text-sm leading-relaxed text-white/70">
            {profile.tagline} Photography, film, drones and post production, from concept to broadcast.
          </p>
          <div className="mt-6">
            <SocialLinks />
          </div>
        </div>

        <nav aria-label="Services">
          <h2 className={heading}>Services</h2>
          <ul className="space-y-3">
            {CATEGORY_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={link}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Studio">
          <h2 className={heading}>Studio</h2>
          <ul className="space-y-3">
            <li>
              <Link to="/about" className={link}>
                About Us
              </Link>
            </li>
            <li>
              <SectionLink section="services" className={link}>
                Services
              </SectionLink>
            </li>
            <li>
              <SectionLink section="portfolio" className={link}>
                Portfolio
              </SectionLink>
            </li>
            <li>
              <Link to="/contact" className={link}>
                Contact
              </Link>
            </li>
            <li>
              <button type="button" {...bookNow} className={link}>
                Book Session
              </button>
            </li>
            <li>
              <a {...feedbackLink} className={link}>
                Feedback
              </a>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className={heading}>Visit</h2>
          <address className="space-y-3 text-sm not-italic text-white/75">
            <p className="flex gap-3">
              <MapPinIcon className="mt-0.5 h-4.5 w-4.5 shrink-0 text-accent" />
              <span>
                {profile.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
                {cityLine(profile)}
              </span>
            </p>
            {phone ? (
              <p className="flex gap-3">
                <PhoneIcon className="mt-0.5 h-4.5 w-4.5 shrink-0 text-accent" />
                <a href={telHref(phone)} className={link}>
                  {phone}
                </a>
              </p>
            ) : null}
            {email ? (
              <p className="flex gap-3">
                <MailIcon className="mt-0.5 h-4.5 w-4.5 shrink-0 text-accent" />
                <a href={`mailto:${email}`} className={link}>
                  {email}
                </a>
              </p>
            ) : null}
          </address>
          <div className="mt-3 flex gap-3 text-sm text-white/75">
            <ClockIcon className="mt-0.5 h-4.5 w-4.5 shrink-0 text-accent" />
            <div className="min-w-0">
              <h3 className="sr-only">Opening hours</h3>
              <OpeningHours compact />
            </div>
          </div>
        </div>
      </div>
      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-5 py-6 text-xs text-white/60 sm:flex-row sm:px-8">
          <p>
            © {year} {profile.name}. All rights reserved.
          </p>
          <ul className="flex gap-6">
            <li>
              <Link to="/privacy" className="hover:text-accent">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-accent">
                Terms of Service
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
