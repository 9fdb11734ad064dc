/**
 * The one layout of every e-mail, built from React Email's components (which produce the table markup Outlook
 * needs and inline styles Gmail keeps). Written with createElement rather than JSX so the API package needs no
 * JSX build settings. Colours are explicit on every block and the scheme is declared "light dark", so clients
 * that recolour in dark mode keep text readable; nothing relies on images.
 */
import {
  Body,
  Button,
  Column,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";
import { render } from "@react-email/render";
import { type ComponentProps, createElement as h, type ReactNode } from "react";
import { z } from "zod";
import type { StudioContact } from "./studio";

const colors = {
  page: "#f4f4f5",
  card: "#ffffff",
  text: "#18181b",
  muted: "#52525b",
  border: "#e4e4e7",
  accent: "#b45309",
  accentText: "#ffffff",
  panel: "#fafafa",
};

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export type Block =
  | { kind: "text"; text: string }
  | { kind: "muted"; text: string }
  | { kind: "details"; rows: [label: string, value: string][] }
  | { kind: "button"; label: string; href: string }
  | { kind: "link"; label: string; href: string }
  | { kind: "quote"; text: string }
  | { kind: "heading"; text: string };

export type EmailContent = {
  /** Shown by mail clients beside the subject. */
  preview: string;
  heading: string;
  blocks: Block[];
};

const paragraph = { fontSize: "16px", lineHeight: "24px", color: colors.text, margin: "0 0 16px" };

function multiline(text: string): ReactNode[] {
  const lines = text.split(/\r?\n/);
  return lines.flatMap((line, i) => (i === 0 ? [line] : [h("br", { key: `br${i}` }), line]));
}

function block(b: Block, key: number): ReactNode {
  switch (b.kind) {
    case "text":
      return h(Text, { key, style: paragraph }, ...multiline(b.text));
    case "muted":
      return h(
        Text,
        { key, style: { ...paragraph, fontSize: "14px", color: colors.muted } },
        ...multiline(b.text),
      );
    case "heading":
      return h(
        Heading,
        { key, as: "h2", style: { fontSize: "18px", color: colors.text, margin: "24px 0 8px" } },
        b.text,
      );
    case "quote":
      return h(
        Section,
        {
          key,
          style: {
            borderLeft: `4px solid ${colors.border}`,
            backgroundColor: colors.panel,
            padding: "12px 16px",
            margin: "0 0 16px",
          },
        },
        h(Text, { style: { ...paragraph, margin: 0, whiteSpace: "pre-wrap" } }, ...multiline(b.text)),
      );
    case "details":
      return h(
        Section,
        {
          key,
          style: {
            border: `1px solid ${colors.border}`,
            borderRadius: "8px",
            backgroundColor: colors.panel,
            padding: "8px 16px",
            margin: "0 0 20px",
          },
        },
        ...b.rows.map(([label, value], i) =>
          h(
            Row,
            // React Email's Row types children as a prop; they are passed as arguments, like every other element.
            { key: i } as ComponentProps<typeof Row>,
            h(
              Column,
              { style: { width: "36%", verticalAlign: "top", padding: "6px 8px 6px 0" } },
              h(Text, { style: { margin: 0, fontSize: "14px", color: colors.muted } }, label),
            ),
            h(
              Column,
              { style: { verticalAlign: "top", padding: "6px 0" } },
              h(
                Text,
                {
                  style: {
                    margin: 0,
                    fontSize: "15px",
                    color: colors.text,
                    fontWeight: 600,
                    wordBreak: "break-word",
                  },
                },
                ...multiline(value),
              ),
            ),
          ),
        ),
      );
    case "button":
      return h(
        Section,
        { key, style: { margin: "8px 0 24px" } },
        h(
          Button,
          {
            href: b.href,
            style: {
              backgroundColor: colors.accent,
              color: colors.accentText,
              borderRadius: "6px",
              padding: "12px 20px",
              fontSize: "16px",
              fontWeight: 600,
              textDecoration: "none",
              display: "inline-block",
            },
          },
          b.label,
        ),
        h(
          Text,
          { style: { fontSize: "13px", lineHeight: "20px", color: colors.muted, margin: "8px 0 0" } },
          "Or open this link: ",
          h(Link, { href: b.href, style: { color: colors.accent, wordBreak: "break-all" } }, b.href),
        ),
      );
    case "link":
      return h(
        Text,
        { key, style: paragraph },
        h(Link, { href: b.href, style: { color: colors.accent } }, b.label),
      );
  }
}

function footer(studio: StudioContact): ReactNode {
  const small = { fontSize: "13px", lineHeight: "20px", color: colors.muted, margin: "0" };
  return h(
    Section,
    { style: { padding: "0 32px 24px" } },
    h(Hr, { style: { borderColor: colors.border, margin: "0 0 16px" } }),
    h(Text, { style: { ...small, fontWeight: 600, color: colors.text } }, studio.name),
    ...studio.address.map((line, i) => h(Text, { key: `a${i}`, style: small }, line)),
    studio.phones.length ? h(Text, { style: small }, `Phone: ${studio.phones.join(" · ")}`) : null,
    studio.emails.length
      ? h(
          Text,
          { style: small },
          "E-mail: ",
          ...studio.emails.flatMap((email, i) => [
            i > 0 ? " · " : "",
            h(Link, { key: email, href: `mailto:${email}`, style: { color: colors.accent } }, email),
          ]),
        )
      : null,
    h(
      Text,
      { style: small },
      h(
        Link,
        { href: studio.website, style: { color: colors.accent } },
        studio.website.replace(/^https?:\/\//, ""),
      ),
    ),
  );
}

export function emailDocument(studio: StudioContact, content: EmailContent): ReactNode {
  return h(
    Html,
    { lang: "en", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
    ),
    h(Preview, null, content.preview),
    h(
      Body,
      { style: { backgroundColor: colors.page, fontFamily: font, margin: 0, padding: "24px 0" } },
      h(
        Container,
        {
          style: {
            backgroundColor: colors.card,
            border: `1px solid ${colors.border}`,
            borderRadius: "10px",
            maxWidth: "600px",
            margin: "0 auto",
          },
        },
        h(
          Section,
          { style: { padding: "24px 32px 0" } },
          h(
            Text,
            {
              style: {
                fontSize: "14px",
                letterSpacing: "0.08em",
                textTransform: "uppercase",
                color: colors.accent,
                fontWeight: 700,
                margin: "0 0 8px",
              },
            },
            studio.name,
          ),
          h(
            Heading,
            {
              as: "h1",
              style: { fontSize: "24px", lineHeight: "32px", color: colors.text, margin: "0 0 20px" },
            },
            content.heading,
          ),
          ...content.blocks.map(block),
        ),
        footer(studio),
      ),
    ),
  );
}

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
