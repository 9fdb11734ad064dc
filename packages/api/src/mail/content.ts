/** What an e-mail says, in blocks: composed by the templates, laid out by layout.ts and email-document.ts. */
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
