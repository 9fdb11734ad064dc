import { DEFAULT_STUDIO_PROFILE, type StudioProfile } from "@studio/validators";
import { screen, within } from "@testing-library/react";
import { setupServer } from "msw/node";
import type { ReactElement } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { trpcHandlers } from "../../test/trpc-msw";
import { AboutSection } from "../components/about-section";
import { Footer } from "../components/footer";
import { SiteDialogsProvider } from "../dialogs";
import { StudioProfileProvider } from "../studio-profile";
import TermsPage from "./terms";

/** A studio that moved and changed its rules: what its public pages must say (issue 26). */
const lisbon: StudioProfile = {
  ...DEFAULT_STUDIO_PROFILE,
  name: "Lakeside Films",
  city: "Lisbon",
  country: "Portugal",
  region: "",
  about: "Lakeside Films began in 2021 by the Tagus.\n\nToday we shoot all over Portugal.",
  hoursNote: "Closed on public holidays",
  openingHours: (["monday", "tuesday", "wednesday", "thursday", "friday"] as const).map((day) => ({
    day,
    opens: "10:00",
    closes: "16:00",
  })),
  timeZone: "Europe/Lisbon",
  changeCutoffHours: 48,
  updated_at: "2026-11-25T10:00:00.000Z",
};

let served: StudioProfile = lisbon;
const server = setupServer(...trpcHandlers({ "site.profile": () => served }));
beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderWith(profile: StudioProfile, ui: ReactElement) {
  served = profile;
  return renderWithProviders(
    <StudioProfileProvider initial={profile}>
      <SiteDialogsProvider>{ui}</SiteDialogsProvider>
    </StudioProfileProvider>,
  );
}

describe("the About section", () => {
  it("tells the profile's story, one paragraph per block of text", () => {
    renderWith(lisbon, <AboutSection headingLevel="h1" />);
    expect(screen.getByText("Lakeside Films began in 2021 by the Tagus.")).toBeInTheDocument();
    expect(screen.getByText("Today we shoot all over Portugal.")).toBeInTheDocument();
    expect(screen.queryByText(/Kolhapur/)).not.toBeInTheDocument();
  });

  it("a fresh install tells today's story", () => {
    renderWith(DEFAULT_STUDIO_PROFILE, <AboutSection />);
    expect(screen.getByText(/^Studio began in 2018 .* in Kolhapur\.$/)).toBeInTheDocument();
  });
});

describe("the footer", () => {
  it("states the schedule's opening hours and the note, and shows no social links when none are set", () => {
    renderWith(lisbon, <Footer />);
    const hours = screen.getByTestId("opening-hours");
    expect(within(hours).getByText("Mon – Fri")).toBeInTheDocument();
    expect(within(hours).getByText("10:00 AM – 4:00 PM")).toBeInTheDocument();
    expect(within(hours).getByText("Sat – Sun")).toBeInTheDocument();
    expect(hours).toHaveTextContent("Times in Europe/Lisbon");
    expect(hours).toHaveTextContent("Closed on public holidays");
    expect(screen.queryByRole("list", { name: "Social media" })).not.toBeInTheDocument();
  });
});

describe("the Terms of Service", () => {
  it("state the self-service cut-off from the server's setting, and promise no deposit or payment", async () => {
    renderWith(lisbon, <TermsPage />);
    const cutoff = await screen.findByTestId("terms-change-cutoff");
    expect(cutoff).toHaveTextContent(/as often as you need, until 2 days before the session/);
    const page = document.body.textContent ?? "";
    expect(page).not.toMatch(/deposit of|30%|once\.|7 days before/);
    expect(page).toMatch(/no payment is taken online and no deposit is asked for/);
  });

  it("a cut-off of 24 hours, and of none", async () => {
    const { unmount } = renderWith({ ...lisbon, changeCutoffHours: 24 }, <TermsPage />);
    expect(await screen.findByTestId("terms-change-cutoff")).toHaveTextContent(
      "until 24 hours before the session",
    );
    unmount();
    renderWith({ ...lisbon, changeCutoffHours: 0 }, <TermsPage />);
    expect(await screen.findByTestId("terms-change-cutoff")).toHaveTextContent("until the session starts");
  });
});
