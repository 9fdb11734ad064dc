import { cityLine, telHref } from "@studio/validators";
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "../components/icons";
import { OpeningHours } from "../components/opening-hours";
import { SocialLinks } from "../components/social-links";
import { useStudioProfile } from "../studio-profile";

/** Address, phones, e-mails, hours and socials of the studio (its profile, set on the Settings page). */
export function ContactDetails() {
  const profile = useStudioProfile();
  const item = "flex gap-4";
  const iconBox =
    "inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-accent/10 text-accent";
  const label = "text-xs font-semibold uppercase tracking-[0.2em] text-white/60";
  return (
    <div className="space-y-7">
      <address className="space-y-7 not-italic">
        <div className={item}>
          <span className={iconBox}>
            <MapPinIcon />
          </span>
          <div>
            <p className={label}>Studio</p>
            <p className="mt-1 text-white/85">
              {profile.addressLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              {cityLine(profile)}
            </p>
          </div>
        </div>
        <div className={item}>
          <span className={iconBox}>
            <PhoneIcon />
          </span>
          <div>
            <p className={label}>Phone</p>
            {profile.phones.map((phone) => (
              <a key={phone} href={telHref(phone)} className="mt-1 block text-white/85 hover:text-accent">
                {phone}
              </a>
            ))}
          </div>
        </div>
        <div className={item}>
          <span className={iconBox}>
            <MailIcon />
          </span>
          <div>
            <p className={label}>Email</p>
            {profile.emails.map((email) => (
              <a key={email} href={`mailto:${email}`} className="mt-1 block text-white/85 hover:text-accent">
                {email}
              </a>
            ))}
          </div>
        </div>
      </address>
      <div className={item}>
        <span className={iconBox}>
          <ClockIcon />
        </span>
        <div>
          <p className={label}>Business hours</p>
          <OpeningHours className="mt-1 text-white/85" />
          <p className="mt-1 text-sm text-white/70">{profile.replyPromise}</p>
        </div>
      </div>
      <div className="pt-1">
        <SocialLinks size="h-11 w-11" />
      </div>
    </div>
  );
}
