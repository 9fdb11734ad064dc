import { describe, expect, it } from "vitest";
import { pooledRandomBytes } from "./random-bytes";

describe("pooledRandomBytes", () => {
  it("hands out bytes of the asked size, never the same twice, across refills of its pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const bytes = pooledRandomBytes(32);
      expect(bytes).toHaveLength(32);
      seen.add(bytes.toString("hex"));
    }
    expect(seen.size).toBe(1_000);
    expect(pooledRandomBytes(5_000)).toHaveLength(5_000);
  });

  it("gives each caller its own copy: changing one changes nothing else", () => {
    const first = pooledRandomBytes(16);
    const kept = Buffer.from(first);
    pooledRandomBytes(16).fill(0);
    expect(first.equals(kept)).toBe(true);
  });

  it("looks random: about half the bits set over many draws", () => {
    let ones = 0;
    const draws = 500;
    for (let i = 0; i < draws; i++) {
      for (const byte of pooledRandomBytes(32)) ones += byte.toString(2).split("1").length - 1;
    }
    const share = ones / (draws * 32 * 8);
    expect(share).toBeGreaterThan(0.48);
    expect(share).toBeLessThan(0.52);
  });
});
