import { cutoffPhrase } from "@studio/validators";
import { LegalPage } from "../components/legal-page";
import { useStudioProfile } from "../studio-profile";

/**
 * The Terms of Service. Their policy parts state what the product does: booking is free (nothing is paid
 * online), and a client may move or cancel a booking online any number of times until the server's cut-off
 * (BOOKING_CHANGE_CUTOFF_HOURS, in the profile as `changeCutoffHours`).
 */
export default function TermsPage() {
  const profile = useStudioProfile();
  const email = profile.emails[0];
  const cutoff = profile.changeCutoffHours;
  const until = cutoff > 0 ? `until ${cutoffPhrase(cutoff)} before the session` : "until the session starts";
  return (
    <LegalPage
      title="Terms of Service"
      description={`The terms that apply to bookings, quotes, rescheduling, deliverables, usage rights and the use of the ${profile.name} website.`}
      updated="November 26, 2026"
      intro={
        <p>
          These terms apply when you use this website or book a session with {profile.name}. A signed quote or
          production agreement for your project takes precedence where it says something different.
        </p>
      }
      sections={[
        {
          title: "Bookings and confirmation",
          body: (
            <p>
              A booking request sent through this website reserves the chosen date and time while we review
              it. It becomes a confirmed booking once we confirm it in writing, usually together with a quote.
              We may decline a request, for example when the crew or equipment needed is not available.
            </p>
          ),
        },
        {
          title: "Prices and payment",
          body: (
            <>
              <p>
                Prices on the website are starting prices in US dollars. Final pricing may vary based on
                specific requirements such as location, crew size, travel, usage rights and deliverables; the
                quote we send is binding.
              </p>
              <p>
                Booking a session through this website costs nothing: no payment is taken online and no
                deposit is asked for. How and when a project is paid is agreed in its quote.
              </p>
            </>
          ),
        },
        {
          title: "Rescheduling and cancellation",
          body: (
            <ul>
              <li data-testid="terms-change-cutoff">
                You can move your booking to another free time, or cancel it, free of charge and as often as
                you need, {until}: use the link in the e-mail that confirms your request.
              </li>
              <li>After that, call or e-mail us and we will find a solution together.</li>
              <li>If weather or safety makes a drone flight impossible, we reschedule at no cost.</li>
            </ul>
          ),
        },
        {
          title: "Your responsibilities",
          body: (
            <p>
              You make sure we may film or photograph at the location you choose, that people who appear on
              camera at your request have agreed to it, and that material you give us (logos, music, footage)
              may be used for the project.
            </p>
          ),
        },
        {
          title: "Drone operations",
          body: (
            <p>
              Flights are carried out by licensed pilots under the applicable aviation rules. The pilot in
              command may delay, change or stop a flight at any time for safety or legal reasons.
            </p>
          ),
        },
        {
          title: "Deliverables and revisions",
          body: (
            <p>
              We deliver the files and formats listed in the quote by the agreed date. Each quote includes the
              stated number of revision rounds; further changes are billed at our hourly rate. We keep project
              files for 12 months after delivery.
            </p>
          ),
        },
        {
          title: "Copyright and usage",
          body: (
            <p>
              We keep the copyright in the work we create. Once paid in full, you receive the usage licence
              described in the quote (personal use by default). We may show the work in our portfolio unless
              you ask us not to before the shoot.
            </p>
          ),
        },
        {
          title: "Feedback and testimonials",
          body: (
            <p>
              Feedback you submit may be published on this website with your name, rating and message after
              review. We do not edit its meaning. Ask us at any time to remove it.
            </p>
          ),
        },
        {
          title: "Liability",
          body: (
            <p>
              We carry professional liability insurance. Our liability for a project is limited to the amount
              paid for it, except where the law does not allow such a limit. We are not liable for delays
              caused by events beyond our control.
            </p>
          ),
        },
        {
          title: "Contact",
          body: (
            <p>
              Questions about these terms: <a href={`mailto:${email}`}>{email}</a>, {profile.phones[0]}.
            </p>
          ),
        },
      ]}
    />
  );
}
