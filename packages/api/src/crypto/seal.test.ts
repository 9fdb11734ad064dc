import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./seal";

const key = randomBytes(32);

describe("sealed secrets", () => {
  it("read back as written, each sealing with an IV of its own", () => {
    const secret = "http://studio.test/manage/abc";
    const sealed = Array.from({ length: 300 }, () => encryptSecret(key, secret));
    for (const stored of sealed) expect(decryptSecret(key, stored)).toBe(secret);
    const ivs = sealed.map((stored) => stored.split(".")[1]);
    expect(new Set(ivs).size).toBe(sealed.length);
    expect(Buffer.from(ivs[0]!, "base64url")).toHaveLength(12);
  });

  it("refuse another key, a changed byte and an unknown format", () => {
    const stored = encryptSecret(key, "whsec_secret");
    expect(() => decryptSecret(randomBytes(32), stored)).toThrow();
    const [version, iv, tag, sealed] = stored.split(".");
    const flipped = Buffer.from(sealed!, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret(key, [version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() => decryptSecret(key, `v0.${iv}.${tag}.${sealed}`)).toThrow("Unknown secret format");
  });
});
