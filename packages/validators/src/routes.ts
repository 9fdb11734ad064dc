import { PORTFOLIO_CATEGORIES, type PortfolioCategory } from "./constants";

/** The category landing pages (/photography, …): one page per portfolio category. */
export const CATEGORY_SLUGS = PORTFOLIO_CATEGORIES;
export type CategorySlug = PortfolioCategory;

/** The public site's pages (the router's routes, the sitemap's URLs). */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  "/",
  "/about",
  "/contact",
  ...CATEGORY_SLUGS.map((slug) => `/${slug}`),
  "/privacy",
  "/terms",
];

/**
 * Pages the server answers to a plain form post (a visitor without JavaScript, or before the page is live):
 * the contact form posts to the contact page, the feedback form to its own page (which also shows it).
 */
export const FORM_PAGE_PATHS = { contact: "/contact", feedback: "/feedback" } as const;

/** The back office's pages inside its shell (signed in), in the sidebar's order. */
export const ADMIN_SHELL_PAGES = [
  "dashboard",
  "services",
  "portfolio",
  "galleries",
  "bookings",
  "feedback",
  "analytics",
  "messages",
  "mail",
  "activity",
  "team",
  "settings",
  "hours",
  "api",
] as const;

/** The back office's pages under /admin. */
export const ADMIN_PAGES = ["login", "signup", "reset-password", ...ADMIN_SHELL_PAGES] as const;

/** The query parameter of the Bookings page that opens one booking's details (links in the studio's e-mails). */
export const ADMIN_BOOKING_PARAM = "booking";

/** The back office's page for one booking: the Bookings page with that booking's details open. */
export function adminBookingPath(id: number): string {
  return `/admin/bookings?${ADMIN_BOOKING_PARAM}=${id}`;
}

/** The client's self-service page for one booking: /manage/<token> (never indexed, not in the sitemap). */
export const MANAGE_PATH_PREFIX = "/manage/";

export function isManagePath(path: string): boolean {
  const token = path.startsWith(MANAGE_PATH_PREFIX) ? path.slice(MANAGE_PATH_PREFIX.length) : "";
  return token.length > 0 && !token.includes("/");
}

/**
 * Whether a path is one of the app's pages. Any other path is answered 404 (with the app, which takes a person
 * to the home page, as the specification asks), so search engines index no copy of the home page under it.
 */
/** A client gallery's page: /g/<token>. */
export function isGalleryPath(path: string): boolean {
  const token = path.startsWith("/g/") ? path.slice(3) : "";
  return token.length > 0 && !token.includes("/");
}

export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (PUBLIC_PAGE_PATHS.includes(path) || path === "/admin") return true;
  if (isManagePath(path) || isGalleryPath(path)) return true;
  return (
    path.startsWith("/admin/") && (ADMIN_PAGES as readonly string[]).includes(path.slice("/admin/".length))
  );
}

/** The site address written into the repository's robots.txt, sitemap and prerendered pages (PUBLIC_URL replaces it). */
export const PLACEHOLDER_ORIGIN = "https://studio.example";

/** A public page's name for files made per page (prerendered HTML, Open Graph images): "/" → "home", "/about" → "about". */
export function pageSlugOf(pathname: string): string {
  const path = pathname.replace(/^\/+|\/+$/g, "");
  return path === "" ? "home" : path.replace(/\//g, "-");
}
