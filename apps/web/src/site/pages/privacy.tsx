import { cityLine } from "@studio/validators";
import { LegalPage } from "../components/legal-page";
import { useStudioProfile } from "../studio-profile";

export default function PrivacyPage() {
  const profile = useStudioProfile();
  const email = profile.emails[0];
  return (
    <LegalPage
      title="Privacy Policy"
      description={`How ${profile.name} collects, uses, stores and protects the personal data you share through our website, bookings, feedback and contact forms.`}
      updated="January 15, 2026"
      intro={
        <p>
          {profile.name} ("we", "us") produces photography, film, drone and post-production work. This policy
          explains what personal data we collect when you use this website, why we collect it, how long we
          keep it and the choices you have. We collect as little as we can and never sell your data.
        </p>
      }
      sections={[
        {
          title: "Who is responsible",
          body: (
            <p>
              The controller of your data is {profile.name},{" "}
              {[...profile.addressLines, cityLine(profile)].join(", ")}. You can reach us about privacy at{" "}
              <a href={`mailto:${email}`}>{email}</a>.
            </p>
          ),
        },
        {
          title: "What we collect",
          body: (
            <>
              <p>We only collect what you give us through the forms on this site:</p>
              <ul>
                <li>
                  Booking requests: your name, e-mail address, phone number, the service, date and time you
                  choose, your message and any file you attach.
                </li>
                <li>
                  Contact messages: your name, e-mail address, optional phone number, subject, message and the
                  type of service you ask about.
                </li>
                <li>
                  Feedback: your name, e-mail address, rating, message and the service category. Your e-mail
                  address is never published.
                </li>
                <li>
                  Technical data: our server records the IP address, time and path of requests in short-lived
                  logs to keep the site secure and to limit abuse.
                </li>
              </ul>
              <p>We do not use advertising trackers, analytics cookies or third-party fonts.</p>
            </>
          ),
        },
        {
          title: "Why we use it",
          body: (
            <ul>
              <li>
                To answer your enquiry and to plan, confirm and deliver the session you book (taking steps at
                your request before a contract).
              </li>
              <li>
                To publish testimonials you submit, after review and only with your name, rating and message
                (your consent, which you may withdraw).
              </li>
              <li>To keep the website secure, prevent spam and fix errors (our legitimate interest).</li>
              <li>To meet legal obligations such as bookkeeping and tax records.</li>
            </ul>
          ),
        },
        {
          title: "Files you upload",
          body: (
            <p>
              Files attached to a booking are stored privately. They are not publicly accessible; our team
              opens them through short-lived links only to prepare your project. Files that are not attached
              to a booking are deleted automatically within 24 hours.
            </p>
          ),
        },
        {
          title: "Maps",
          body: (
            <p>
              Our contact page shows an OpenStreetMap map. To display it, your browser loads map tiles from
              the tile server, which receives your IP address as part of that request. No cookies are set by
              the map.
            </p>
          ),
        },
        {
          title: "How long we keep it",
          body: (
            <p>
              Contact messages and booking requests are kept for as long as needed to handle your request and
              then for up to three years, unless bookkeeping law requires longer. Published feedback stays
              online until you ask us to remove it. Security logs are kept for no longer than 30 days.
            </p>
          ),
        },
        {
          title: "Who we share it with",
          body: (
            <p>
              Only with the people and providers who help us deliver our service (for example our hosting
              provider), under contracts that protect your data. We do not sell or rent personal data, and we
              do not share it for advertising.
            </p>
          ),
        },
        {
          title: "Your rights",
          body: (
            <p>
              You can ask for a copy of your data, ask us to correct or delete it, object to or restrict its
              use, and withdraw consent at any time. Write to <a href={`mailto:${email}`}>{email}</a>; we
              answer within 30 days. You may also complain to your local data protection authority.
            </p>
          ),
        },
        {
          title: "Security",
          body: (
            <p>
              The site is served over encrypted connections, administrator accounts are protected by strong
              password hashing and access is limited to the team members who need it.
            </p>
          ),
        },
        {
          title: "Changes",
          body: (
            <p>
              If we change this policy we will update the date above. Material changes will be highlighted on
              this page.
            </p>
          ),
        },
      ]}
    />
  );
}
