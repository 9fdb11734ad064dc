import * as content from "@studio/content";
import { describe, expect, it } from "vitest";

/**
 * Issue 26: the public pages sell only what the back office knows. @studio/content may hold marketing copy
 * (headings, taglines, features), never an offer: no price, no service, no portfolio item. Services, prices and
 * portfolio items are the studio's records (the database), which the back office edits.
 */

/** Keys that name an offer or its price. */
const OFFER_KEY =
  /^(price|prices|priceCents|price_cents|cost|rate|fee|amount|services?|offers?|packages?|portfolio|portfolioItems?|projects?|works?)$/i;
/** Money in text: $299, ₹ 1,500, 299 USD, 1299 dollars. */
const MONEY = /[$€£₹]\s?\d|\b\d[\d,.]*\s?(?:USD|EUR|GBP|INR|dollars?|rupees?)\b/i;
/** A record shaped like a service or portfolio item: a title with its own picture or video. */
const MEDIA_KEY = /^(image|video|media|mediaUrl|media_url|thumbnail|cover)$/i;

/** Every place in `value` that defines an offer, as paths ("CATEGORY_PAGES.photography.services"). */
function offersIn(value: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (typeof value === "string") return MONEY.test(value) ? [`${path}: "${value}"`] : [];
  if (typeof value !== "object" || value === null || seen.has(value)) return [];
  seen.add(value);
  if (Array.isArray(value)) return value.flatMap((item, i) => offersIn(item, `${path}[${i}]`, seen));
  const record = value as Record<string, unknown>;
  const found: string[] = [];
  const keys = Object.keys(record);
  if ("title" in record && keys.some((key) => MEDIA_KEY.test(key)))
    found.push(`${path}: a titled item with media`);
  for (const key of keys) {
    if (OFFER_KEY.test(key)) found.push(`${path}.${key}`);
    found.push(...offersIn(record[key], `${path}.${key}`, seen));
  }
  return found;
}

describe("@studio/content holds no offer", () => {
  it("defines no price, service or portfolio item anywhere in its exports", () => {
    const found = Object.entries(content).flatMap(([name, value]) => offersIn(value, name));
    expect(found).toEqual([]);
  });

  it("the check finds each kind of offer (it is not vacuous)", () => {
    expect(offersIn({ services: [] }, "x")).toEqual(["x.services"]);
    expect(offersIn({ portfolio: [] }, "x")).toEqual(["x.portfolio"]);
    expect(offersIn({ tiers: [{ name: "Basic", price: "299" }] }, "x")).toEqual(["x.tiers[0].price"]);
    expect(offersIn(["From $599 per day"], "x")).toEqual(['x[0]: "From $599 per day"']);
    expect(offersIn({ title: "Villa at Dusk", image: "/media/v.jpg" }, "x")).toEqual([
      "x: a titled item with media",
    ]);
    // Copy is fine: a hero with its background picture, a feature with an icon, years and counts.
    expect(offersIn({ title: "Photography", heroImage: "/media/p.jpg", icon: "📸" }, "x")).toEqual([]);
    expect(offersIn({ value: 500, suffix: "+", label: "Happy Clients" }, "x")).toEqual([]);
  });
});
