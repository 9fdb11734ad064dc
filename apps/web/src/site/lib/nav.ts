/** The header's navigation: the home page's sections ("" is the top of the page). */
export const NAV_ITEMS = [
  { label: "Home", section: "" },
  { label: "Services", section: "services" },
  { label: "Portfolio", section: "portfolio" },
  { label: "About", section: "about" },
  { label: "Contact", section: "contact" },
] as const;

/** Sections that also have a page of their own, highlighted there. */
const SECTION_PAGES: Record<string, string> = { "/about": "about", "/contact": "contact" };

/** Which navigation item is current: the section under the header on the home page, or the page's own. */
export function currentSection(pathname: string, activeHomeSection: string): string | null {
  if (pathname === "/") return activeHomeSection;
  return SECTION_PAGES[pathname.replace(/\/+$/, "")] ?? null;
}
