import { describe, expect, it } from "vitest";
import { chunkBytes } from "./chunk-bytes";

const FIELD = '"image":"https://studio.example/uploads/';
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("chunkBytes", () => {
  it("joins the pieces as UTF-8, upload paths made absolute, with a comma when rows came before", () => {
    // As the list's chunks come: the database's text, and each proof link a piece of its own.
    const parts = [
      '{"id":2,"name":"Zoë 東京 🎞️","image":null},{"id":1,',
      '"image":"/uploads/private/a.pdf?expires=1&sig=x"',
      "}",
    ];
    const expected =
      '{"id":2,"name":"Zoë 東京 🎞️","image":null},{"id":1,"image":"https://studio.example/uploads/private/a.pdf?expires=1&sig=x"}';
    expect(text(chunkBytes(parts, FIELD, false))).toBe(expected);
    expect(text(chunkBytes(parts, FIELD, true))).toBe(`,${expected}`);
    expect(chunkBytes(parts, FIELD, true).byteLength).toBe(Buffer.byteLength(`,${expected}`));
  });

  it("makes every upload field absolute, in any piece, and leaves escaped look-alikes alone", () => {
    const tricky = '{"message":"say \\"image\\":\\"/uploads/x\\"","image":"/uploads/a.jpg"}';
    const second = '{"image":"/uploads/b.jpg"},{"image":"/uploads/c.jpg"}';
    const bytes = chunkBytes([tricky, ",", second], FIELD, false);
    expect(JSON.parse(`[${text(bytes)}]`)).toEqual([
      { message: 'say "image":"/uploads/x"', image: "https://studio.example/uploads/a.jpg" },
      { image: "https://studio.example/uploads/b.jpg" },
      { image: "https://studio.example/uploads/c.jpg" },
    ]);
    expect(bytes.byteLength).toBe(Buffer.byteLength(text(bytes)));
  });

  it("writes nothing but the comma for no pieces", () => {
    expect(text(chunkBytes([], FIELD, true))).toBe(",");
    expect(chunkBytes([], FIELD, false).byteLength).toBe(0);
  });
});
