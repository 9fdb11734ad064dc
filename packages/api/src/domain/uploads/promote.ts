/**
 * Public media from a private upload. The original dashboard uploads a service image through the public
 * booking-proof endpoint (POST /api/upload/image) and saves the answer's URL, a signed link to a private file
 * that expires in minutes. When a service or portfolio item is saved with a link to one of our own private
 * uploads (signed or not), the file becomes public media: moved under media/ with the WebP variants a service
 * image gets, and the item stores its permanent URL. A proof that a booking holds is never made public.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MESSAGES } from "@studio/validators";
import { AppError } from "../../errors";
import { ImageDecodeError, ImageTooLargeError, reencodeImage } from "./images";
import { parseUploadUrl, storedMediaUrl } from "./links";
import type { UploadDeps } from "./store";

export type PublicMediaPurpose = "service_image" | "portfolio_media";

const KINDS: Record<PublicMediaPurpose, readonly string[]> = {
  service_image: ["image"],
  portfolio_media: ["image", "video"],
};

/**
 * What a service image or portfolio media field stores for `url`: our public uploads as their path, a private
 * upload promoted to public media (see above), anything else as given. `field` names the input field in errors.
 */
export async function publicMediaUrl(
  deps: UploadDeps,
  url: string | null,
  purpose: PublicMediaPurpose,
  field: string,
): Promise<string | null> {
  const stored = storedMediaUrl(url);
  const parsed = stored ? parseUploadUrl(stored) : null;
  if (parsed?.visibility !== "private") return stored;
  const refused = () =>
    new AppError("BAD_REQUEST", MESSAGES.upload.notPublishable, {
      fieldErrors: { [field]: MESSAGES.upload.notPublishable },
    });
  const upload = await deps.db.upload.findUnique({
    where: { id: parsed.id },
    select: {
      purpose: true,
      storageKey: true,
      kind: true,
      extension: true,
      booking: { select: { id: true } },
    },
  });
  if (!upload || parsed.width !== null) throw refused();
  const publicKey = `media/${parsed.id}.${upload.extension}`;
  // Promoted already (the same link saved twice, or by two saves at once).
  if (upload.purpose === purpose && upload.storageKey === publicKey) return `/uploads/${publicKey}`;
  if (
    upload.purpose !== "booking_proof" ||
    upload.storageKey !== parsed.key ||
    upload.booking ||
    !KINDS[purpose].includes(upload.kind)
  )
    throw refused();

  const temps: string[] = [];
  const written: string[] = [];
  const temp = () => {
    const file = path.join(deps.storage.tempDir, `${randomUUID()}.promote`);
    temps.push(file);
    return file;
  };
  const put = async (key: string, file: string) => {
    await deps.storage.putFile(key, file);
    written.push(key);
  };
  try {
    await mkdir(deps.storage.tempDir, { recursive: true });
    const source = await deps.storage.read(upload.storageKey);
    if (!source) throw refused();
    const original = temp();
    await pipeline(source.stream, createWriteStream(original, { flags: "wx", mode: 0o600 }));
    const variants: Record<string, string> = {};
    let size = source.size;
    if (upload.kind === "image") {
      const encoded = await reencodeImage(original, upload.extension, true);
      const main = temp();
      await writeFile(main, encoded.main, { flag: "wx", mode: 0o600 });
      await put(publicKey, main);
      size = encoded.main.length;
      for (const variant of encoded.variants) {
        const key = `media/${parsed.id}-${variant.width}.webp`;
        const file = temp();
        await writeFile(file, variant.data, { flag: "wx", mode: 0o600 });
        await put(key, file);
        variants[String(variant.width)] = key;
      }
    } else {
      await put(publicKey, original);
    }
    // Only while still an unclaimed proof: a booking that claimed it meanwhile keeps it private.
    const { count } = await deps.db.upload.updateMany({
      where: { id: parsed.id, purpose: "booking_proof", booking: { is: null } },
      data: {
        purpose,
        storageKey: publicKey,
        size,
        ...(Object.keys(variants).length ? { variants } : {}),
        attachedAt: deps.now(),
      },
    });
    if (count !== 1) {
      const now = await deps.db.upload.findUnique({ where: { id: parsed.id }, select: { storageKey: true } });
      if (now?.storageKey === publicKey) return `/uploads/${publicKey}`;
      throw refused();
    }
    await deps.storage.remove(upload.storageKey).catch(() => undefined);
    return `/uploads/${publicKey}`;
  } catch (error) {
    await Promise.all(written.map((key) => deps.storage.remove(key).catch(() => undefined)));
    if (error instanceof AppError) throw error;
    if (error instanceof ImageDecodeError || error instanceof ImageTooLargeError) throw refused();
    throw new AppError("SERVICE_UNAVAILABLE", MESSAGES.upload.storageUnavailable);
  } finally {
    await Promise.all(temps.map((file) => rm(file, { force: true }).catch(() => undefined)));
  }
}
