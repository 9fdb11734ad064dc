import { describe, expect, it } from "vitest";
import { createReadCache } from "./cache";

describe("read cache", () => {
  it("serves a cached value until its tag is invalidated", async () => {
    let now = 0;
    const cache = createReadCache(1000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("services", "all", load)).toBe(1);
    expect(await cache.get("services", "all", load)).toBe(1);
    cache.invalidate("portfolio");
    expect(await cache.get("services", "all", load)).toBe(1);
    cache.invalidate("services");
    expect(await cache.get("services", "all", load)).toBe(2);
    now = 1001;
    expect(await cache.get("services", "all", load)).toBe(3);
  });

  it("never keeps a load that an invalidation overtook", async () => {
    const cache = createReadCache(1000, () => 0);
    let release!: (v: string) => void;
    const slow = cache.get("feedback", "k", () => new Promise<string>((r) => (release = r)));
    cache.invalidate("feedback");
    release("stale");
    expect(await slow).toBe("stale");
    expect(await cache.get("feedback", "k", async () => "fresh")).toBe("fresh");
  });

  it("does not keep failures, and ttl 0 disables caching", async () => {
    const cache = createReadCache(1000, () => 0);
    await expect(
      cache.get("services", "k", async () => Promise.reject(new Error("db down"))),
    ).rejects.toThrow();
    expect(await cache.get("services", "k", async () => "ok")).toBe("ok");
    const off = createReadCache(0);
    let n = 0;
    await off.get("services", "k", async () => ++n);
    expect(await off.get("services", "k", async () => ++n)).toBe(2);
  });

  it("counts invalidations per tag, for caches built on top of it", () => {
    const cache = createReadCache(1000, () => 0);
    expect(cache.generation("services")).toBe(0);
    cache.invalidate("services");
    cache.invalidate("services");
    expect(cache.generation("services")).toBe(2);
    expect(cache.generation("portfolio")).toBe(0);
  });
});
