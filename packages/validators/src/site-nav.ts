/**
 * The public site's navigation texts (MESSAGES.siteNav), in a module of their own: the phone menu is part of
 * every public page's first script, which must not carry the whole of MESSAGES (a bundler keeps a module whole).
 */
export const SITE_NAV_MESSAGES = {
  /** The category shortcuts (floating side buttons, and their group in the phone menu). */
  categories: "Categories",
} as const;
