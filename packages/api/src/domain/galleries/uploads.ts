/**
 * A gallery's files through resumable uploads (tus, ADR 021): the `gallery_media` purpose of
 * /api/uploads/resumable. The client's metadata names the gallery and the set (`gallery_id`, `set_id`); both are
 * checked when the upload is created, before any byte is stored, and again when the last byte is in. The
 * accepted file is private, processed with the gallery's watermark and EXIF choices, and joins the end of its set
 * in the transaction that records it (with its MediaAsset and "media.process" job) through the same domain rule
 * as `galleries.addItem` (the first image becomes the cover), audited as that procedure is.
 */
import { MESSAGES, ZGalleryUploadMetadata } from "@studio/validators";
import { AUDITED, AuditRecorder, auditActor } from "../../audit/trail";
import type { Authenticated } from "../../auth/principal";
import type { Context } from "../../context";
import type { ResumablePurpose } from "../media/resumable";
import { getStoredStudioProfile } from "../studio-profile";
import { addGalleryItemWithin } from "./admin";

type Deps = Pick<Context, "db" | "provider" | "now" | "cache">;

/** The gallery and set a file goes to, or the message refusing it. */
async function targetOf(
  deps: Deps,
  metadata: Record<string, string>,
): Promise<{ galleryId: number; setId: number } | { refused: string }> {
  const parsed = ZGalleryUploadMetadata.safeParse(metadata);
  if (!parsed.success) return { refused: MESSAGES.gallery.uploadTarget };
  const { gallery_id: galleryId, set_id: setId } = parsed.data;
  const set = await deps.db.gallerySet.findUnique({ where: { id: setId }, select: { galleryId: true } });
  if (set?.galleryId === galleryId) return { galleryId, setId };
  const gallery = await deps.db.gallery.findUnique({ where: { id: galleryId }, select: { id: true } });
  return { refused: gallery ? MESSAGES.gallery.setNotFound : MESSAGES.gallery.notFound };
}

/** Signed-in admins and the owner; API keys never reach the tus route, and are refused here too. */
const mayUpload = (caller: Authenticated) =>
  caller.apiKey === null && (caller.user.role === "owner" || caller.user.role === "admin");

export function galleryMediaPurpose(deps: Deps): ResumablePurpose {
  return {
    kinds: ["image", "video"],
    visibility: "private",
    validate: async (metadata, caller) => {
      if (!mayUpload(caller)) return MESSAGES.gallery.uploadAdminsOnly;
      const target = await targetOf(deps, metadata);
      return "refused" in target ? target.refused : null;
    },
    processing: async (metadata) => {
      const target = ZGalleryUploadMetadata.safeParse(metadata);
      const gallery = target.success
        ? await deps.db.gallery.findUnique({
            where: { id: target.data.gallery_id },
            select: { watermarkProofs: true, keepExif: true },
          })
        : null;
      // The watermark is the studio's name (Settings), as the client's page shows it.
      const name = gallery?.watermarkProofs
        ? (await getStoredStudioProfile(deps)).name.trim().slice(0, 80)
        : "";
      return { watermark: name || null, keepLocation: gallery?.keepExif ?? false };
    },
    onAccepted: async (tx, accepted, caller) => {
      // validate() ran before this: the metadata parses; the set is checked again inside the transaction.
      const { gallery_id, set_id } = ZGalleryUploadMetadata.parse(accepted.metadata);
      const audit = new AuditRecorder(deps, auditActor(caller), AUDITED["galleries.addItem"]!);
      await addGalleryItemWithin(
        tx,
        { now: deps.now, audit },
        { id: gallery_id, set_id, upload_id: accepted.uploadId },
      );
    },
  };
}
