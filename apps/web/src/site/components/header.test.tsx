import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEFAULT_STUDIO_PROFILE, type StudioProfile } from "@studio/validators";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../../test/render";
import { SiteDialogsProvider } from "../dialogs";
import { setHomeSectionsReady } from "../lib/sections";
import { StudioProfileProvider } from "../studio-profile";
import { Header } from "./header";

function renderHeader(route = "/", profile: StudioProfile = DEFAULT_STUDIO_PROFILE) {
  return renderWithProviders(
    <StudioProfileProvider initial={profile}>
      <SiteDialogsProvider>
        <Header />
        <section id="portfolio">Portfolio section</section>
        <p>Outside</p>
      </SiteDialogsProvider>
    </StudioProfileProvider>,
    { route },
  );
}

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { value: y, configurable: true });
  fireEvent.scroll(window);
}

afterEach(() => {
  scrollTo(0);
  setHomeSectionsReady(false);
  vi.restoreAllMocks();
});

describe("Header", () => {
  it("turns into a solid bar once the page is scrolled more than 50 px", async () => {
    renderHeader();
    const header = screen.getByRole("banner");
    expect(header).toHaveAttribute("data-scrolled", "false");
    scrollTo(50);
    await new Promise((r) => requestAnimationFrame(r));
    expect(header).toHaveAttribute("data-scrolled", "false");
    scrollTo(51);
    await waitFor(() => expect(header).toHaveAttribute("data-scrolled", "true"));
  });

  it("opens the mobile menu, closes it on an outside click and after an item is chosen", async () => {
    const user = userEvent.setup();
    renderHeader("/photography");
    const toggle = screen.getByRole("button", { name: "Open menu" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(screen.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    expect(await screen.findByRole("navigation", { name: "Mobile" })).toBeVisible();

    await user.click(screen.getByText("Outside"));
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const mobile = await screen.findByRole("navigation", { name: "Mobile" });
    const link = Array.from(mobile.querySelectorAll("a")).find((a) => a.textContent === "Services")!;
    // From another route a section item is a full navigation to /#services.
    expect(link).toHaveAttribute("href", "/#services");
    link.addEventListener("click", (e) => e.preventDefault());
    await user.click(link);
    expect(screen.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  it("on the home route smooth-scrolls to the section after 100 ms and highlights Home at the top", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    setHomeSectionsReady(true);
    const user = userEvent.setup();
    renderHeader("/");
    vi.spyOn(document.getElementById("portfolio")!, "getBoundingClientRect").mockReturnValue({
      top: 2000,
    } as DOMRect);
    act(() => scrollTo(0));
    const main = screen.getByRole("navigation", { name: "Main" });
    await waitFor(() => expect(main.querySelector('[aria-current="page"]')).toHaveTextContent("Home"));

    const started = performance.now();
    await user.click(screen.getAllByRole("link", { name: "Portfolio" })[0]!);
    await waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(scrolled.mock.contexts[0]).toBe(document.getElementById("portfolio"));
    expect(scrolled).toHaveBeenCalledWith({ behavior: "smooth", block: "start" });
  });

  it("marks the section under the header as the active item", async () => {
    renderHeader("/");
    const section = document.getElementById("portfolio")!;
    vi.spyOn(section, "getBoundingClientRect").mockReturnValue({ top: 10 } as DOMRect);
    act(() => scrollTo(900));
    await waitFor(() =>
      expect(
        screen.getByRole("navigation", { name: "Main" }).querySelector('[aria-current="page"]'),
      ).toHaveTextContent("Portfolio"),
    );
  });

  it.each([
    ["/contact", "Contact"],
    ["/about", "About"],
  ])("highlights %s's own item on its page", (path, label) => {
    renderHeader(path);
    const current = screen
      .getByRole("navigation", { name: "Main" })
      .querySelectorAll('[aria-current="page"]');
    expect([...current].map((el) => el.textContent)).toEqual([label]);
  });

  it("highlights nothing on a page without its own item", () => {
    renderHeader("/photography");
    expect(
      screen.getByRole("navigation", { name: "Main" }).querySelector('[aria-current="page"]'),
    ).toBeNull();
  });

  it("opens the booking dialog from Book Now", async () => {
    const user = userEvent.setup();
    renderHeader("/about");
    await user.click(screen.getAllByRole("button", { name: "Book Now" })[0]!);
    expect(await screen.findByRole("dialog", { name: "Book a Session" })).toBeInTheDocument();
  });

  it("shows the logo instead of the name when the studio has one; the name is its alt text", () => {
    renderHeader("/about", { ...DEFAULT_STUDIO_PROFILE, name: "Golden Hour", logo: "/media/logo.png" });
    const home = screen.getByRole("link", { name: "Golden Hour, home" });
    const logo = within(home).getByRole("img", { name: "Golden Hour" });
    expect(logo).toHaveAttribute("src", "/media/logo.png");
    expect(logo).toHaveAttribute("title", "Golden Hour");
    expect(within(home).queryByText("Golden Hour")).toBeNull();
  });

  it("without a logo shows the name on one line, cut with an ellipsis, whole in its title", () => {
    const name = "The Golden Hour Photography and Film Company";
    renderHeader("/about", { ...DEFAULT_STUDIO_PROFILE, name, logo: null });
    const home = screen.getByRole("link", { name: `${name}, home` });
    expect(within(home).queryByRole("img")).toBeNull();
    const label = within(home).getByText(name);
    expect(label).toHaveAttribute("title", name);
    expect(label).toHaveClass("truncate", "min-w-0");
    expect(home).toHaveClass("min-w-0");
  });
});
