/** A gallery's e-mails, written to the outbox in the transaction of their change (ADR 007, 015). */
import type { Db } from "@studio/db";
import { galleryExpiryText } from "@studio/validators";
import type { Block } from "../../mail/content";
import { studioRecipients, type NotifyDeps } from "../../mail/notify";
import { enqueueMail } from "../../mail/outbox";
import { studioDetailsFor } from "../../mail/studio";
import type { Tx } from "../uploads/proof";
import { expiryDayOf } from "./expiry";

type Client = Tx | Db;

function content(
  studio: Awaited<ReturnType<typeof studioDetailsFor>>,
  email: { preview: string; heading: string; blocks: Block[] },
) {
  const { timeZone: _zone, ...contact } = studio;
  return { studio: contact, email };
}

/** The client's private link ("Send to client"); the link is sealed in the outbox (ADR 015). */
export async function notifyGalleryLink(
  tx: Client,
  deps: NotifyDeps,
  input: {
    to: string;
    name: string | null;
    title: string;
    url: string;
    expiresAt: Date | null;
    hasPin: boolean;
  },
): Promise<{ id: number }> {
  const studio = await studioDetailsFor(tx, deps);
  const blocks: Block[] = [
    {
      kind: "text",
      text: `${input.name ? `Hello ${input.name}, your` : "Your"} photos from ${studio.name} are ready: "${input.title}".`,
    },
    { kind: "button", label: "Open your gallery", href: input.url },
    {
      kind: "muted",
      text: 'Mark your favourites with the heart, add a note to any photo, then press "Send my selection".',
    },
  ];
  if (input.hasPin) blocks.push({ kind: "muted", text: "Downloads ask for the PIN the studio gave you." });
  const lastDay = expiryDayOf(input.expiresAt, studio.timeZone);
  if (lastDay) blocks.push({ kind: "muted", text: `${galleryExpiryText(lastDay, studio.timeZone)}.` });
  const queued = await enqueueMail(tx, deps, {
    kind: "gallery.link",
    to: [input.to],
    replyTo: studio.emails[0] ?? null,
    subject: `Your gallery is ready: ${input.title}`,
    content: content(studio, {
      preview: `Your photos are ready: ${input.title}`,
      heading: "Your gallery is ready",
      blocks,
    }),
    secretLinks: [input.url],
  });
  return { id: queued.id };
}

/** The client sent their selection: the studio hears of it. */
export async function notifyGallerySelection(
  tx: Client,
  deps: NotifyDeps,
  input: {
    galleryId: number;
    title: string;
    clientName: string | null;
    clientEmail: string | null;
    count: number;
  },
): Promise<void> {
  const to = await studioRecipients(tx, deps);
  if (!to.length) return;
  const studio = await studioDetailsFor(tx, deps);
  const who = input.clientName ?? "The client";
  const adminUrl = `${deps.config.publicUrl.replace(/\/+$/, "")}/admin/galleries?gallery=${input.galleryId}`;
  await enqueueMail(tx, deps, {
    kind: "studio.gallery_selection",
    to,
    replyTo: input.clientEmail,
    subject: `${who} sent a selection of ${input.count}: ${input.title}`,
    content: content(studio, {
      preview: `${input.count} favourites chosen in ${input.title}`,
      heading: "A client sent their selection",
      blocks: [
        {
          kind: "details",
          rows: [
            ["Gallery", input.title],
            ["Client", who],
            ["Favourites", String(input.count)],
          ],
        },
        { kind: "button", label: "Open the gallery", href: adminUrl },
      ],
    }),
  });
}
