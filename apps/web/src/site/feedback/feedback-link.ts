import { FEEDBACK_CATEGORIES, FIELD_LIMITS } from "@studio/validators";
import { isEmail } from "../lib/validation";

export type FeedbackPrefill = { name: string; email: string; service_category: string };

/**
 * The link in the "thank you" e-mail after a session (/?feedback=1&name=…&email=…&category=…) opens the
 * feedback dialog with these filled in. Anything unusable is left empty rather than refused: the visitor can
 * still type it.
 */
export function feedbackPrefillFrom(search: string): FeedbackPrefill | null {
  const params = new URLSearchParams(search);
  if (params.get("feedback") !== "1") return null;
  const name = (params.get("name") ?? "").trim().slice(0, FIELD_LIMITS.name);
  const email = (params.get("email") ?? "").trim();
  const category = params.get("category") ?? "";
  return {
    name,
    email: isEmail(email) ? email : "",
    service_category: (FEEDBACK_CATEGORIES as readonly string[]).includes(category) ? category : "",
  };
}

/** The same address without the feedback parameters (so a reload or a shared link does not reopen it). */
export function withoutFeedbackParams(href: string): string {
  const url = new URL(href);
  for (const key of ["feedback", "name", "email", "category"]) url.searchParams.delete(key);
  return `${url.pathname}${url.search}${url.hash}`;
}
