/**
 * The one layout of every e-mail, built from React Email's components (which produce the table markup Outlook
 * needs and inline styles Gmail keeps). Written with createElement rather than JSX so the API package needs no
 * JSX build settings. Colours are explicit on every block and the scheme is declared "light dark", so clients
 * that recolour in dark mode keep text readable; nothing relies on images.
 */
import { z } from "zod";
import type { EmailContent } from "./content";
import type { StudioContact } from "./studio";

/**
 * The plain-text version, written from the same blocks (not converted from the HTML: it reads better and costs
 * a fraction of html-to-text, which matters because messages are rendered in the transaction that causes them).
 */
export function plainText(studio: StudioContact, content: EmailContent): string {
  const out: string[] = [content.heading, ""];
  for (const b of content.blocks) {
    switch (b.kind) {
      case "text":
      case "muted":
        out.push(b.text, "");
        break;
      case "heading":
        out.push(b.text.toUpperCase(), "");
        break;
      case "quote":
        out.push(...b.text.split(/\r?\n/).map((line) => `> ${line}`), "");
        break;
      case "details": {
        const width = Math.max(...b.rows.map(([label]) => label.length)) + 2;
        for (const [label, value] of b.rows) {
          const [first = "", ...rest] = value.split(/\r?\n/);
          out.push(
            `${`${label}:`.padEnd(width)}${first}`,
            ...rest.map((line) => `${" ".repeat(width)}${line}`),
          );
        }
        out.push("");
        break;
      }
      case "button":
      case "link":
        out.push(`${b.label}: ${b.href}`, "");
        break;
    }
  }
  out.push("--", studio.name, ...studio.address);
  if (studio.phones.length) out.push(`Phone: ${studio.phones.join(" · ")}`);
  if (studio.emails.length) out.push(`E-mail: ${studio.emails.join(" · ")}`);
  out.push(studio.website);
  return `${out.join("\n")}\n`;
}

/** The HTML and the plain-text version of one message. */
export async function renderEmail(
  studio: StudioContact,
  content: EmailContent,
): Promise<{ html: string; text: string }> {
  const [{ render }, { emailDocument }] = await Promise.all([
    import("@react-email/render"),
    import("./email-document"),
  ]);
  const html = await render(emailDocument(studio, content));
  return { html, text: plainText(studio, content) };
}

const ZStudio = z.object({
  name: z.string(),
  address: z.array(z.string()),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  website: z.string(),
});
const ZBlock = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("muted"), text: z.string() }),
  z.object({ kind: z.literal("heading"), text: z.string() }),
  z.object({ kind: z.literal("quote"), text: z.string() }),
  z.object({ kind: z.literal("details"), rows: z.array(z.tuple([z.string(), z.string()])) }),
  z.object({ kind: z.literal("button"), label: z.string(), href: z.string() }),
  z.object({ kind: z.literal("link"), label: z.string(), href: z.string() }),
]);
/** What an outbox row keeps to render its message from (OutgoingMail.content). */
export const ZStoredContent = z.object({
  studio: ZStudio,
  email: z.object({ preview: z.string(), heading: z.string(), blocks: z.array(ZBlock) }),
});
export type StoredContent = z.infer<typeof ZStoredContent>;

/** Renders a row's stored content; null when there is none or it is not what we wrote. */
export async function renderStored(value: unknown): Promise<{ html: string; text: string } | null> {
  const parsed = ZStoredContent.safeParse(value);
  return parsed.success ? renderEmail(parsed.data.studio, parsed.data.email) : null;
}
