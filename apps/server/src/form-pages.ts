/**
 * The contact and feedback forms without JavaScript (issue 26): a plain `<form method="post">` on the contact
 * page posts to /contact, the feedback form (its own page, /feedback) to /feedback, and the server answers with a
 * page: the success message, or the form again with the typed values and the field errors. The forms go through
 * the same tRPC procedures as the JSON forms (createCaller), so the same validation, messages and per-address
 * limits apply; only same-site posts are taken (a form on another site cannot post here), and /api and /trpc
 * still take JSON only.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type ApiDeps,
  AppError,
  createCaller,
  createContext,
  fieldErrorsOf,
  getStudioProfile,
} from "@studio/api";
import {
  CATEGORY_LABELS,
  CONTACT_SERVICE_TYPES,
  escapeHtml,
  FEEDBACK_CATEGORIES,
  FIELD_LIMITS,
  FORM_PAGE_PATHS,
  MESSAGES,
  RATING,
} from "@studio/validators";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ZodError } from "zod";
import { publicOriginOf } from "./client-ip";
import type { Logger } from "./logger";

/** A form post is a few kilobytes at most (a message of FIELD_LIMITS.message characters, encoded). */
export const FORM_BODY_LIMIT = 64 * 1024;

type Values = Record<string, string>;
type Errors = Record<string, string>;
type FormKind = keyof typeof FORM_PAGE_PATHS;

const FIELDS: Record<FormKind, readonly string[]> = {
  contact: ["name", "email", "phone", "subject", "message", "serviceType"],
  feedback: ["name", "email", "rating", "message", "service_category"],
};

/**
 * Whether a post comes from the site's own pages: the browser's `Sec-Fetch-Site: same-origin`, or (a browser
 * without Fetch Metadata) an Origin equal to the site's. Neither, or anything else: refused.
 */
export function isSameSitePost(header: (name: string) => string | undefined, ownOrigin: string): boolean {
  const site = header("sec-fetch-site");
  if (site !== undefined) return site === "same-origin";
  const origin = header("origin");
  return origin !== undefined && origin !== "null" && origin === ownOrigin;
}

/** The site's stylesheets (Vite's hashed CSS named by the built index.html), so these pages look like the site. */
function stylesheetsOf(webDist: string | null): string {
  if (!webDist) return "";
  const index = path.join(webDist, "index.html");
  if (!existsSync(index)) return "";
  const html = readFileSync(index, "utf8");
  return (html.match(/<link\b[^>]*rel="stylesheet"[^>]*>/g) ?? []).join("");
}

const CONTROL =
  "w-full rounded-lg border border-ink-line bg-ink px-3 py-2.5 text-white placeholder:text-white/40 focus:border-accent focus:outline-none aria-[invalid=true]:border-red-500";

function fieldShell(id: string, label: string, error: string | undefined, control: string): string {
  return `<div><label for="${id}" class="mb-1.5 block text-sm font-medium text-white/85">${escapeHtml(label)}</label>${control}${
    error ? `<p id="${id}-error" role="alert" class="mt-1 text-sm text-red-400">${escapeHtml(error)}</p>` : ""
  }</div>`;
}

const invalid = (id: string, error: string | undefined) =>
  error ? ` aria-invalid="true" aria-describedby="${id}-error"` : "";

function input(
  name: string,
  label: string,
  values: Values,
  errors: Errors,
  extra: { type?: string; autocomplete?: string; required?: boolean; maxLength?: number } = {},
): string {
  const id = `field-${name}`;
  const attrs = [
    `type="${extra.type ?? "text"}"`,
    `id="${id}"`,
    `name="${name}"`,
    `class="${CONTROL}"`,
    `value="${escapeHtml(values[name] ?? "")}"`,
    extra.autocomplete ? `autocomplete="${extra.autocomplete}"` : "",
    extra.required ? "required" : "",
    extra.maxLength ? `maxlength="${extra.maxLength}"` : "",
  ].filter(Boolean);
  return fieldShell(id, label, errors[name], `<input ${attrs.join(" ")}${invalid(id, errors[name])}>`);
}

function textarea(name: string, label: string, values: Values, errors: Errors): string {
  const id = `field-${name}`;
  return fieldShell(
    id,
    label,
    errors[name],
    `<textarea id="${id}" name="${name}" rows="5" required maxlength="${FIELD_LIMITS.message}" class="${CONTROL}"${invalid(
      id,
      errors[name],
    )}>${escapeHtml(values[name] ?? "")}</textarea>`,
  );
}

function select(
  name: string,
  label: string,
  values: Values,
  errors: Errors,
  placeholder: string,
  options: readonly (readonly [string, string])[],
): string {
  const id = `field-${name}`;
  const current = values[name] ?? "";
  const items = [["", placeholder] as const, ...options]
    .map(
      ([value, text]) =>
        `<option value="${escapeHtml(value)}"${value === current ? " selected" : ""}>${escapeHtml(text)}</option>`,
    )
    .join("");
  return fieldShell(
    id,
    label,
    errors[name],
    `<select id="${id}" name="${name}" class="${CONTROL}"${invalid(id, errors[name])}>${items}</select>`,
  );
}

function ratingField(values: Values, errors: Errors): string {
  const error = errors.rating;
  const stars = Array.from({ length: RATING.max - RATING.min + 1 }, (_, i) => RATING.min + i)
    .map(
      (n) =>
        `<label class="flex items-center gap-1.5 rounded-md px-2 py-1 text-white/85"><input type="radio" name="rating" value="${n}"${
          values.rating === String(n) ? " checked" : ""
        } class="accent-amber-500"> ${n === 1 ? "1 star" : `${n} stars`}</label>`,
    )
    .join("");
  return `<fieldset${error ? ' aria-invalid="true" aria-describedby="field-rating-error"' : ""}><legend class="mb-1.5 block text-sm font-medium text-white/85">Rating</legend><div class="flex flex-wrap gap-1">${stars}</div>${
    error
      ? `<p id="field-rating-error" role="alert" class="mt-1 text-sm text-red-400">${escapeHtml(error)}</p>`
      : ""
  }</fieldset>`;
}

const SUBMIT =
  "inline-flex w-full items-center justify-center gap-2 rounded-full bg-accent px-6 py-3.5 font-semibold text-black transition hover:bg-accent-strong sm:w-auto";

function contactForm(values: Values, errors: Errors): string {
  return `<form method="post" action="${FORM_PAGE_PATHS.contact}" novalidate class="space-y-5" aria-label="Contact form"><div class="grid gap-5 sm:grid-cols-2">${[
    input("name", "Name", values, errors, { autocomplete: "name", required: true }),
    input("email", "Email", values, errors, { type: "email", autocomplete: "email", required: true }),
    input("phone", "Phone (optional)", values, errors, { type: "tel", autocomplete: "tel" }),
    select(
      "serviceType",
      "Service Type (optional)",
      values,
      errors,
      "Select a service type",
      CONTACT_SERVICE_TYPES.map((t) => [t, t] as const),
    ),
  ].join("")}</div>${input("subject", "Subject", values, errors, { required: true })}${textarea(
    "message",
    "Message",
    values,
    errors,
  )}<button type="submit" class="${SUBMIT}">Send Message</button></form>`;
}

function feedbackForm(values: Values, errors: Errors): string {
  return `<form method="post" action="${FORM_PAGE_PATHS.feedback}" novalidate class="space-y-5" aria-label="Feedback form">${[
    input("name", "Name", values, errors, { autocomplete: "name", required: true }),
    input("email", "Email", values, errors, { type: "email", autocomplete: "email", required: true }),
    ratingField(values, errors),
    select(
      "service_category",
      "Service Category (optional)",
      values,
      errors,
      "Select a category",
      FEEDBACK_CATEGORIES.map((c) => [c, CATEGORY_LABELS[c]] as const),
    ),
    textarea("message", "Feedback", values, errors),
  ].join("")}<button type="submit" class="${SUBMIT}">Submit Feedback</button></form>`;
}

const TITLES: Record<FormKind, string> = { contact: "Send us a message", feedback: "Share Feedback" };

/** A whole page: the studio's name linking home, a heading, and the body (a form, or the answer to one). */
function page(studio: string, stylesheets: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><meta name="color-scheme" content="dark"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(
    `${title} — ${studio}`,
  )}</title>${stylesheets}</head><body class="bg-ink text-white"><div class="min-h-screen bg-ink text-white"><header class="mx-auto flex h-18 max-w-3xl items-center px-5 sm:px-8"><a href="/" class="font-display text-lg font-extrabold uppercase tracking-[0.28em] text-white">${escapeHtml(
    studio,
  )}</a></header><main id="main" class="mx-auto max-w-3xl px-5 pb-24 pt-10 sm:px-8"><div class="rounded-[2rem] border border-white/10 bg-ink/90 p-7 sm:p-9"><h1 class="mb-7 font-display text-3xl font-bold text-white">${escapeHtml(
    title,
  )}</h1>${body}</div></main></div></body></html>`;
}

const notice = (ok: boolean, text: string) =>
  `<p role="${ok ? "status" : "alert"}" class="mb-5 rounded-xl border px-4 py-3 text-sm ${
    ok
      ? "border-emerald-500/30 bg-emerald-950/50 text-emerald-100"
      : "border-red-500/30 bg-red-950/50 text-red-100"
  }">${escapeHtml(text)}</p>`;

export function createFormPages(
  deps: ApiDeps,
  options: {
    clientIp: (c: Context) => string;
    logger: Logger;
    publicUrl: string | null;
    trustProxy: boolean;
    webDist: string | null;
  },
) {
  const stylesheets = stylesheetsOf(options.webDist);
  const pages = new Hono();

  const studioName = async () => (await getStudioProfile(deps).catch(() => null))?.name ?? "Studio";

  const formOf = (kind: FormKind, values: Values, errors: Errors) =>
    kind === "contact" ? contactForm(values, errors) : feedbackForm(values, errors);

  const answer = async (
    c: Context,
    kind: FormKind,
    status: 200 | 400 | 403 | 415 | 429 | 503,
    body: string,
  ) => {
    c.header("Cache-Control", "no-store");
    return c.html(page(await studioName(), stylesheets, TITLES[kind], body), status);
  };

  pages.get(FORM_PAGE_PATHS.feedback, (c) => answer(c, "feedback", 200, formOf("feedback", {}, {})));

  for (const kind of ["contact", "feedback"] as const) {
    pages.post(
      FORM_PAGE_PATHS[kind],
      async (c, next) => {
        const own = publicOriginOf(options, new URL(c.req.url).origin, (name) => c.req.header(name));
        if (!isSameSitePost((name) => c.req.header(name), own))
          return answer(c, kind, 403, notice(false, MESSAGES.common.crossSiteForm));
        const type = c.req.header("content-type") ?? "";
        if (!/^application\/x-www-form-urlencoded\s*(?:;|$)/i.test(type))
          return answer(c, kind, 415, notice(false, MESSAGES.common.invalidInput));
        return next();
      },
      bodyLimit({
        maxSize: FORM_BODY_LIMIT,
        onError: (c) => answer(c, kind, 400, notice(false, MESSAGES.common.payloadTooLarge)),
      }),
      async (c) => {
        const form = await c.req.parseBody();
        const values: Values = {};
        for (const field of FIELDS[kind]) {
          const value = form[field];
          values[field] = typeof value === "string" ? value : "";
        }
        const caller = createCaller(createContext(deps, { token: null, ip: options.clientIp(c) }));
        try {
          const sent =
            kind === "contact"
              ? await caller.contact.send(values as never)
              : await caller.feedback.submit({ ...values, rating: values.rating || undefined } as never);
          return answer(
            c,
            kind,
            200,
            `${notice(true, sent.message)}<a href="/" class="${SUBMIT}">Back to the home page</a>`,
          );
        } catch (error) {
          const cause = error instanceof Error ? error.cause : undefined;
          if (cause instanceof ZodError)
            return answer(c, kind, 400, formOf(kind, values, fieldErrorsOf(cause)));
          if (error instanceof AppError && error.details.fieldErrors)
            return answer(c, kind, 400, formOf(kind, values, error.details.fieldErrors));
          if (error instanceof AppError && error.code === "TOO_MANY_REQUESTS") {
            if (error.details.retryAfterSeconds)
              c.header("Retry-After", String(error.details.retryAfterSeconds));
            return answer(c, kind, 429, notice(false, error.message) + formOf(kind, values, {}));
          }
          options.logger.error("Form page could not be sent", {
            path: c.req.path,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          });
          const failed = kind === "contact" ? MESSAGES.contact.failed : MESSAGES.feedback.failedRetry;
          return answer(c, kind, 503, notice(false, failed) + formOf(kind, values, {}));
        }
      },
    );
  }
  return pages;
}
