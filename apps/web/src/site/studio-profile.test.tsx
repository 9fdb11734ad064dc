import { DEFAULT_STUDIO_PROFILE, STUDIO_PROFILE_ELEMENT_ID, type StudioProfile } from "@studio/validators";
import { screen, waitFor } from "@testing-library/react";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render";
import { trpcHandlers } from "../test/trpc-msw";
import { ContactDetails } from "./contact/contact-details";
import { readInitialStudioProfile, StudioProfileProvider, useStudioProfile } from "./studio-profile";

const saved: StudioProfile = {
  ...DEFAULT_STUDIO_PROFILE,
  name: "Lakeside Films",
  phones: ["+91 231 555 0100"],
  emails: ["hello@lakeside.example"],
  hoursNote: "Closed on public holidays",
  openingHours: (["tuesday", "wednesday", "thursday", "friday", "saturday"] as const).map((day) => ({
    day,
    opens: "10:00",
    closes: "19:00",
  })),
  socials: {
    instagram: "https://www.instagram.com/lakeside/",
    youtube: "",
    facebook: "",
    twitter: "https://x.com/lakeside",
    linkedin: "https://www.linkedin.com/company/lakeside",
  },
  updated_at: "2026-11-25T10:00:00.000Z",
};

let served: StudioProfile = saved;
let asked = 0;
const server = setupServer(
  ...trpcHandlers({
    "site.profile": () => {
      asked += 1;
      return served;
    },
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  document.getElementById(STUDIO_PROFILE_ELEMENT_ID)?.remove();
});
afterAll(() => server.close());

function pageWith(text: string) {
  const element = document.createElement("script");
  element.id = STUDIO_PROFILE_ELEMENT_ID;
  element.type = "application/json";
  element.textContent = text;
  document.head.appendChild(element);
}

describe("readInitialStudioProfile", () => {
  it("reads the profile the server wrote into the page", () => {
    pageWith(JSON.stringify(saved).replaceAll("<", "\\u003c"));
    expect(readInitialStudioProfile()).toEqual(saved);
  });

  it("falls back to the defaults without the element, or with one that is not a profile", () => {
    expect(readInitialStudioProfile()).toBe(DEFAULT_STUDIO_PROFILE);
    pageWith("{not json");
    expect(readInitialStudioProfile()).toBe(DEFAULT_STUDIO_PROFILE);
    document.getElementById(STUDIO_PROFILE_ELEMENT_ID)?.remove();
    pageWith(JSON.stringify({ ...saved, phones: [] }));
    expect(readInitialStudioProfile()).toBe(DEFAULT_STUDIO_PROFILE);
  });
});

/** Every profile its renders were given. */
const seen: StudioProfile[] = [];
function Reader() {
  seen.push(useStudioProfile());
  return null;
}

describe("StudioProfileProvider", () => {
  it("shows the page's profile first, then what the server answers now", async () => {
    served = { ...saved, phones: ["+91 231 555 0199"] };
    renderWithProviders(
      <StudioProfileProvider initial={saved}>
        <ContactDetails />
      </StudioProfileProvider>,
    );
    expect(screen.getByRole("link", { name: "+91 231 555 0100" })).toHaveAttribute(
      "href",
      "tel:+912315550100",
    );
    // The hours the schedule states (closed days too), on the studio's clock, and the Settings page's note.
    const hours = screen.getByTestId("opening-hours");
    expect(hours).toHaveTextContent(
      "MonClosedTue – Sat10:00 AM – 7:00 PMSunClosedTimes in Asia/KolkataClosed on public holidays",
    );
    expect(await screen.findByRole("link", { name: "+91 231 555 0199" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "+91 231 555 0100" })).not.toBeInTheDocument();
    // Only the networks with a link.
    expect(
      screen.getAllByRole("link", { name: /opens in a new tab/ }).map((a) => a.getAttribute("href")),
    ).toEqual([
      "https://www.instagram.com/lakeside/",
      "https://x.com/lakeside",
      "https://www.linkedin.com/company/lakeside",
    ]);
  });

  it("the same details saved again (a newer updated_at only) render nothing again", async () => {
    asked = 0;
    served = { ...saved, updated_at: "2026-11-26T09:00:00.000Z" };
    seen.length = 0;
    renderWithProviders(
      <StudioProfileProvider initial={saved}>
        <Reader />
      </StudioProfileProvider>,
    );
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(new Set(seen)).toEqual(new Set([saved]));
  });

  it("a fresh install's profile: no social links at all, the default week's hours and no note", () => {
    served = DEFAULT_STUDIO_PROFILE;
    renderWithProviders(
      <StudioProfileProvider initial={DEFAULT_STUDIO_PROFILE}>
        <ContactDetails />
      </StudioProfileProvider>,
    );
    expect(screen.queryByRole("list", { name: "Social media" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /opens in a new tab/ })).not.toBeInTheDocument();
    expect(screen.getByTestId("opening-hours")).toHaveTextContent(
      /^Every day9:00 AM – 6:00 PMTimes in Asia\/Kolkata$/,
    );
  });
});
