import { describe, expect, it } from "vitest";
import { entryScriptOf, escapeHtml, startedByLoader } from "./html";

describe("escapeHtml", () => {
  it("escapes what could end an element or a quoted attribute, and nothing else", () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
    );
    expect(escapeHtml("Café — 10:00 / 50%")).toBe("Café — 10:00 / 50%");
  });
});

describe("startedByLoader", () => {
  const page = `<head><script type="module" crossorigin src="/assets/app.js"></script></head><body></body>`;

  it("swaps the entry script for the loader, naming the entry and the other chunks", () => {
    expect(entryScriptOf(page)).toBe("/assets/app.js");
    expect(startedByLoader(page, "/assets/hydrate.js", ["/assets/app.js", "/assets/gallery.js"])).toBe(
      `<head><script type="module" crossorigin src="/assets/hydrate.js" data-entry="/assets/app.js" data-preload="/assets/gallery.js"></script></head><body></body>`,
    );
  });

  it("leaves a page without an entry script as it is", () => {
    const plain = "<head></head><body></body>";
    expect(entryScriptOf(plain)).toBeNull();
    expect(startedByLoader(plain, "/assets/hydrate.js", ["/a.js"])).toBe(plain);
  });

  it("escapes the paths it writes", () => {
    const tricky = `<script type="module" crossorigin src="/a.js"></script>`;
    expect(startedByLoader(tricky, `/h.js"x`, [`/b.js"><script>`])).toContain(
      `src="/h.js&quot;x" data-entry="/a.js" data-preload="/b.js&quot;&gt;&lt;script&gt;"`,
    );
  });
});
