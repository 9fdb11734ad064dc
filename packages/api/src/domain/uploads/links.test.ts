import { describe, expect, it } from "vitest";
import { testConfig } from "../../config";
import { parseUploadUrl, signPrivateUrl, verifyPrivateUrl } from "./links";
import { proofLink } from "./proof";

const config = testConfig();
const now = new Date("2030-01-01T00:00:00Z");
const id = "0b4f5a8e-1c2d-4e3f-8a9b-0c1d2e3f4a5b";
const file = `/uploads/private/${id}.pdf`;

function parts(link: string) {
  const url = new URL(link, "http://local");
  return {
    path: url.pathname,
    expires: url.searchParams.get("expires") ?? undefined,
    sig: url.searchParams.get("sig") ?? undefined,
  };
}

describe("signed links to private files", () => {
  it("verifies within the lifetime and refuses after it", () => {
    const link = parts(signPrivateUrl(config, file, now));
    expect(verifyPrivateUrl(config, link.path, link.expires, link.sig, now)).toBe(true);
    const justBefore = new Date(now.getTime() + (config.fileLinkTtlSeconds - 1) * 1000);
    expect(verifyPrivateUrl(config, link.path, link.expires, link.sig, justBefore)).toBe(true);
    const after = new Date(now.getTime() + (config.fileLinkTtlSeconds + 1) * 1000);
    expect(verifyPrivateUrl(config, link.path, link.expires, link.sig, after)).toBe(false);
  });

  it("refuses tampered paths, expiry times and signatures, and other secrets", () => {
    const link = parts(signPrivateUrl(config, file, now));
    const other = `/uploads/private/${id.replace("0b4f", "1b4f")}.pdf`;
    expect(verifyPrivateUrl(config, other, link.expires, link.sig, now)).toBe(false);
    expect(verifyPrivateUrl(config, link.path, String(Number(link.expires) + 3600), link.sig, now)).toBe(
      false,
    );
    expect(verifyPrivateUrl(config, link.path, link.expires, `${link.sig!.slice(0, -2)}AA`, now)).toBe(false);
    expect(verifyPrivateUrl(config, link.path, link.expires, undefined, now)).toBe(false);
    expect(verifyPrivateUrl(config, link.path, "soon", link.sig, now)).toBe(false);
    const stranger = testConfig({
      fileLinkSecret: new TextEncoder().encode("another-deployment-secret-0123456789"),
    });
    expect(verifyPrivateUrl(stranger, link.path, link.expires, link.sig, now)).toBe(false);
  });

  it("proofLink signs our private files and leaves other URLs alone", () => {
    expect(proofLink(config, null, now)).toBeNull();
    const signed = proofLink(config, file, now)!;
    const link = parts(signed);
    expect(link.path).toBe(file);
    expect(verifyPrivateUrl(config, link.path, link.expires, link.sig, now)).toBe(true);
    expect(proofLink(config, "https://elsewhere.example/x.pdf", now)).toBe("https://elsewhere.example/x.pdf");
  });
});

describe("parseUploadUrl", () => {
  it("accepts only our generated names", () => {
    expect(parseUploadUrl(`/uploads/media/${id}-480.webp`)).toMatchObject({
      visibility: "public",
      id,
      width: 480,
      key: `media/${id}-480.webp`,
    });
    expect(parseUploadUrl(`https://studio.example${file}?expires=1&sig=x`)).toMatchObject({
      visibility: "private",
    });
    for (const bad of [
      "/uploads/media/../../etc/passwd",
      `/uploads/media/${id}.pdf/../../x`,
      "/uploads/media/cat.jpg",
      `/uploads/other/${id}.jpg`,
      `/uploads/media/${id.toUpperCase()}.jpg`,
    ]) {
      expect(parseUploadUrl(bad), bad).toBeNull();
    }
  });
});
