import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** Open Graph / Twitter card size (the large summary card of every network). */
export const OG_SIZE = { width: 1200, height: 630 } as const;

/** Loaded by vite.config.ts, which Node runs without TypeScript workspace packages: not @studio/validators' escapeHtml. */
function escapeXml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Greedy word wrap by an estimated glyph width (the card's fonts are known: DejaVu/Liberation Sans Bold). */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]?.replace(/\s*\S*$/, "")}…`;
    return kept;
  }
  return lines;
}

export type OgCard = {
  /** Where the JPEG goes. */
  file: string;
  /** The page's own image (its hero), or null for a plain brand backdrop. */
  backdrop: string | null;
  /** Big words: the page's heading. */
  title: string;
  /** A line above the title (the category's subtitle, "Legal", …). */
  eyebrow: string;
  /** Two colours for the tint (the category's gradient). */
  tint?: readonly [string, string];
};

/** Renders a 1200×630 card: the page's image, darkened, with the brand, the eyebrow line and the title. */
export async function renderOgCard({
  file,
  backdrop,
  title,
  eyebrow,
  tint = ["#f59e0b", "#6366f1"],
}: OgCard) {
  const { width, height } = OG_SIZE;
  const titleLines = wrap(title, 22, 3);
  const titleSize = titleLines.length > 2 ? 64 : 76;
  const lineHeight = Math.round(titleSize * 1.05);
  const titleTop = height - 96 - lineHeight * (titleLines.length - 1);
  const font = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0a0a0f" stop-opacity="0.35"/>
      <stop offset="0.55" stop-color="#0a0a0f" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#0a0a0f" stop-opacity="0.95"/>
    </linearGradient>
    <linearGradient id="tint" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${tint[0]}" stop-opacity="0.28"/>
      <stop offset="0.6" stop-color="${tint[0]}" stop-opacity="0"/>
      <stop offset="1" stop-color="${tint[1]}" stop-opacity="0.22"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  <rect width="100%" height="100%" fill="url(#tint)"/>
  <g transform="translate(72 64)">
    <circle cx="20" cy="20" r="17" fill="none" stroke="#f59e0b" stroke-width="3"/>
    <path d="M20 8l6 11h-12zM32 20l-11 6v-12zM20 32l-6-11h12zM8 20l11-6v12z" fill="#fff" opacity=".9"/>
    <text x="56" y="30" font-family="${font}" font-size="26" font-weight="800" letter-spacing="7" fill="#fff">STUDIO</text>
  </g>
  <rect x="72" y="${titleTop - titleSize - 58}" width="56" height="5" rx="2.5" fill="#f59e0b"/>
  <text x="72" y="${titleTop - titleSize - 14}" font-family="${font}" font-size="24" font-weight="700" letter-spacing="5" fill="#f59e0b">${escapeXml(eyebrow.toUpperCase())}</text>
  ${titleLines
    .map(
      (line, i) =>
        `<text x="72" y="${titleTop + i * lineHeight}" font-family="${font}" font-size="${titleSize}" font-weight="800" letter-spacing="-1" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join("\n  ")}
</svg>`;
  const base = backdrop
    ? sharp(backdrop).resize(width, height, { fit: "cover", position: "attention" })
    : sharp({ create: { width, height, channels: 3, background: "#0a0a0f" } });
  mkdirSync(path.dirname(file), { recursive: true });
  await base
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file);
}
