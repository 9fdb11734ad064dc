import { CATEGORY_HEROES, CATEGORY_PAGES } from "@studio/content";
import { CATEGORY_SLUGS, DEFAULT_SERVICE_EMOJI, SERVICE_CATEGORY_EMOJI } from "@studio/validators";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmojiIcon, hasDrawing, ServiceIcon } from "./emoji-icon";

const EMOJI = /\p{Extended_Pictographic}/u;

describe("emoji drawn as the site's SVG icons", () => {
  it("has a drawing for every emoji of the content: category heroes and features, service categories", () => {
    const used = [
      ...CATEGORY_SLUGS.map((slug) => CATEGORY_HEROES[slug].icon),
      ...CATEGORY_SLUGS.flatMap((slug) => CATEGORY_PAGES[slug].features.map((f) => f.icon)),
      ...Object.values(SERVICE_CATEGORY_EMOJI),
      DEFAULT_SERVICE_EMOJI,
    ];
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((emoji) => !hasDrawing(emoji))).toEqual([]);
  });

  it("renders an SVG and no emoji text; an unknown emoji stays as the fallback", () => {
    const { container } = render(<EmojiIcon emoji="📸" />);
    expect(container.querySelector("svg")).not.toBeNull();
    expect(EMOJI.test(container.textContent ?? "")).toBe(false);
    const fallback = render(<EmojiIcon emoji="🦄" />);
    expect(fallback.container.querySelector("svg")).toBeNull();
    expect(fallback.container.textContent).toBe("🦄");
  });

  it("draws a service's category icon, and the clapperboard by default", () => {
    for (const category of [...Object.keys(SERVICE_CATEGORY_EMOJI), "unknown"]) {
      const { container } = render(<ServiceIcon icon={null} category={category} />);
      expect(container.querySelector("svg")).not.toBeNull();
      expect(EMOJI.test(container.textContent ?? "")).toBe(false);
    }
  });
});
