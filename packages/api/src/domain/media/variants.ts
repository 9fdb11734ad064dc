/**
 * MediaAsset.variants as stored (process.ts writes them): read back with zod, so a row written by an older
 * version (or by hand) never breaks a page; entries that do not parse are left out.
 */
import { z } from "zod";

const ZStoredVariant = z.object({
  role: z.string(),
  format: z.string(),
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  key: z.string(),
  size: z.number(),
  /** CRC-32 of the file: recorded for download copies (a ZIP of them can then be resumed, ADR 021). */
  crc32: z.number().int().nonnegative().optional(),
});
export type StoredVariant = z.infer<typeof ZStoredVariant>;

export function storedVariants(value: unknown): StoredVariant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const parsed = ZStoredVariant.safeParse(v);
    return parsed.success ? [parsed.data] : [];
  });
}
