/** An upload path as a booking's JSON holds it (its proof is its only file field). */
const UPLOADS_FIELD = '"image":"/uploads/';

/**
 * A streamed chunk's JSON, given in pieces, as UTF-8: its upload paths made absolute (`uploadsField` is the field
 * with the absolute `/uploads/` URL, `"image":"https://…/uploads/`), and a comma first when rows came before it.
 * The pieces are written one after the other into one buffer, outside the heap: joining them, replacing in the
 * text and encoding it made three copies of a 3 MB chunk on the heap, which a heap-capped server then spent
 * most of the stream collecting.
 */
export function chunkBytes(parts: readonly string[], uploadsField: string, comma: boolean): Uint8Array {
  const longer = Buffer.byteLength(uploadsField) - UPLOADS_FIELD.length;
  let size = comma ? 1 : 0;
  for (const part of parts) size += Buffer.byteLength(part) + uploadFields(part).length * longer;
  const out = Buffer.allocUnsafe(size);
  let written = comma ? out.write(",") : 0;
  for (const part of parts) {
    let from = 0;
    for (const at of uploadFields(part)) {
      written += out.write(part.slice(from, at), written);
      written += out.write(uploadsField, written);
      from = at + UPLOADS_FIELD.length;
    }
    written += out.write(from === 0 ? part : part.slice(from), written);
  }
  return out;
}

/** Where the part's upload fields start. */
function uploadFields(part: string): number[] {
  const found: number[] = [];
  for (let at = part.indexOf(UPLOADS_FIELD); at !== -1; at = part.indexOf(UPLOADS_FIELD, at + 1)) {
    found.push(at);
  }
  return found;
}
