import { type ApiDeps, calendarFeedIcs } from "@studio/api";
import { MESSAGES } from "@studio/validators";
import { Hono } from "hono";

/**
 * GET /calendar/<token>.ics: the owner's calendar subscription (Google Calendar, Apple Calendar, Outlook poll
 * it). Never stored by a shared cache; an unknown or regenerated-away token answers 404.
 */
export function createCalendarFeedRoute(deps: ApiDeps) {
  return new Hono().get("/:file", async (c) => {
    const file = c.req.param("file");
    const text = file.endsWith(".ics") ? await calendarFeedIcs(deps, file.slice(0, -".ics".length)) : null;
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex");
    if (text === null) return c.text(MESSAGES.common.notFound, 404);
    return c.body(text, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="studio-bookings.ics"',
    });
  });
}
