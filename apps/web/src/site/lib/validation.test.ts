import { isPhoneNumber, MESSAGES } from "@studio/validators";
import { describe, expect, it } from "vitest";
import { dateLabel, plural, priceLabel, timeLabel } from "./format";
import { checkBookingFile } from "./upload";
import { isEmail } from "./validation";

describe("site helpers", () => {
  it("checks e-mails with the validators package's rule, and phones with its zod-free rule", () => {
    expect(isEmail(" a@b.co ")).toBe(true);
    expect(isEmail("a@b")).toBe(false);
    expect(isPhoneNumber("+91 98765 43210")).toBe(true);
    expect(isPhoneNumber("call me")).toBe(false);
  });

  it("formats prices, slots, dates and counts", () => {
    expect(priceLabel(299)).toBe("$299");
    expect(priceLabel(1899.5)).toBe("$1,899.50");
    expect(timeLabel("09:00")).toBe("9:00 AM");
    expect(timeLabel("12:00")).toBe("12:00 PM");
    expect(timeLabel("17:00")).toBe("5:00 PM");
    expect(dateLabel("2030-01-12")).toBe("Saturday, 12 January 2030");
    expect(plural(1, "review")).toBe("1 review");
    expect(plural(6, "review")).toBe("6 reviews");
  });

  it("formats prices and counts exactly as Intl does", () => {
    const intl = (amount: number) =>
      new Intl.NumberFormat("en-US", {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
        maximumFractionDigits: 2,
      }).format(amount);
    for (const amount of [
      0, 5, 99.9, 100, 299, 1000, 1899.5, 12_345.67, 1_000_000, 0.05, 2.999, -40, -1234.5,
    ])
      expect({ amount, label: priceLabel(amount) }).toEqual({ amount, label: intl(amount) });
    for (const count of [0, 1, 2, 999, 1000, 1200, 1_234_567, 2.5, -3])
      expect(plural(count, "review")).toBe(
        `${count.toLocaleString("en-US")} review${count === 1 ? "" : "s"}`,
      );
  });

  it("checks booking files by type and size with the specification's messages", () => {
    expect(checkBookingFile(new File(["x"], "ref.PNG", { type: "image/png" }))).toBeNull();
    expect(checkBookingFile(new File(["x"], "brief.docx"))).toBeNull();
    expect(checkBookingFile(new File(["x"], "clip.mp4", { type: "video/mp4" }))).toBe(
      "File type an MP4 video is not supported. Please upload images (JPG, PNG, GIF, WebP), videos (MP4, MOV, AVI, MKV, WebM, M4V), or documents (PDF, DOC, DOCX, TXT).",
    );
    // The kind in words, never a MIME type.
    expect(checkBookingFile(new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }))).toBe(
      MESSAGES.upload.typeNotSupported("an .exe program"),
    );
    expect(checkBookingFile(new File(["<html>"], "page.html", { type: "text/html" }))).toBe(
      MESSAGES.upload.typeNotSupported("a web page"),
    );
    expect(checkBookingFile(new File(["?"], "notes.xyz"))).toBe(
      MESSAGES.upload.typeNotSupported("a .xyz file"),
    );
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "huge.pdf", { type: "application/pdf" });
    expect(checkBookingFile(big)).toBe("File size 10.0 MB exceeds the maximum limit of 10MB.");
  });
});
