import { describe, expect, it } from "vitest";
import { type ChunkRange, chunkRanges, readingRanges } from "./chunk-ranges";

/** Bookings 1 … n newest first in chunks of `limit`, as chunkFloors answers them: every limit-th id after a cursor. */
function floorsOf(n: number, limit: number, calls: number[] = []) {
  return async (cursor: number, count: number) => {
    calls.push(cursor);
    const below = Array.from({ length: cursor - 1 }, (_, i) => cursor - 1 - i).filter((id) => id <= n);
    return below.filter((_, i) => (i + 1) % limit === 0).slice(0, count);
  };
}

async function all<T>(iterator: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterator) items.push(item);
  return items;
}

/** A deferred chunk read, settled by the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("chunkRanges", () => {
  it("walks the ranges after the cursor, count floors per read, to a last range without a floor", async () => {
    const calls: number[] = [];
    const floors = floorsOf(20, 3, calls);
    const ranges = await all(chunkRanges(18, (cursor) => floors(cursor, 2), 2));
    expect(ranges).toEqual([
      { cursor: 18, floor: 15 },
      { cursor: 15, floor: 12 },
      { cursor: 12, floor: 9 },
      { cursor: 9, floor: 6 },
      { cursor: 6, floor: 3 },
      { cursor: 3, floor: null },
    ]);
    expect(calls).toEqual([18, 12, 6]);
  });

  it("ends with an empty last range when the bookings end exactly on a floor", async () => {
    const floors = floorsOf(20, 3);
    expect(await all(chunkRanges(7, (cursor) => floors(cursor, 2), 2))).toEqual([
      { cursor: 7, floor: 4 },
      { cursor: 4, floor: 1 },
      { cursor: 1, floor: null },
    ]);
  });
});

describe("readingRanges", () => {
  it("hands out the first chunk and then one per range, in order, then null", async () => {
    const ranges = chunkRanges(9, async (cursor) => (cursor === 9 ? [6, 3] : []), 2);
    const take = readingRanges("first", ranges, async (range) => `${range.cursor}-${range.floor}`, 1);
    const taken: (string | null)[] = [];
    for (let chunk = await take(); chunk !== null; chunk = await take()) taken.push(chunk);
    expect(taken).toEqual(["first", "9-6", "6-3", "3-null"]);
    expect(await take()).toBeNull();
  });

  it("reads `ahead` chunks while one is written, no more, and in order whatever order they arrive in", async () => {
    const reads: { range: ChunkRange; read: ReturnType<typeof deferred<string>> }[] = [];
    const ranges = chunkRanges(100, async (cursor) => [cursor - 10, cursor - 20, cursor - 30], 3);
    const take = readingRanges(
      "first",
      ranges,
      (range) => {
        const read = deferred<string>();
        reads.push({ range, read });
        return read.promise;
      },
      2,
    );
    await expect(take()).resolves.toBe("first");
    await until(() => reads.length === 3);
    await ticks(20);
    // Two waiting and none written yet besides the first: the third read is the one `take` handed over.
    expect(reads.map((r) => r.range.cursor)).toEqual([100, 90, 80]);
    reads[2]?.read.resolve("third");
    reads[1]?.read.resolve("second");
    const next = take();
    reads[0]?.read.resolve("one");
    await expect(next).resolves.toBe("one");
    await until(() => reads.length === 4);
    await expect(take()).resolves.toBe("second");
    await expect(take()).resolves.toBe("third");
    await ticks(20);
    expect(reads.map((r) => r.range.cursor)).toEqual([100, 90, 80, 70, 60, 50]);
  });

  it("surfaces a failed read when its chunk is taken, and a stream without ranges is its first chunk", async () => {
    const ranges = chunkRanges(5, async () => [], 2);
    const take = readingRanges(
      "first",
      ranges,
      async () => {
        throw new Error("connection lost");
      },
      1,
    );
    await expect(take()).resolves.toBe("first");
    await expect(take()).rejects.toThrow("connection lost");
    const alone = readingRanges("only", null, async () => "never", 2);
    await expect(alone()).resolves.toBe("only");
    await expect(alone()).resolves.toBeNull();
  });
});

/** Lets `n` turns of the event loop pass (reads are asked for after promise callbacks). */
async function ticks(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i++) await ticks(1);
  expect(condition()).toBe(true);
}
