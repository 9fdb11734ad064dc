/**
 * The React Email tree of a message (see layout.ts). Loaded only when a message is rendered: React Email's
 * components bring Tailwind, Prism and Prettier with them, several megabytes of heap a server that sends no
 * mail (or only streams lists) should not carry.
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
import { type ComponentProps, createElement as h, type ReactNode } from "react";
import type { Block, EmailContent } from "./content";
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
