import { describe, expect, it } from "vitest";
import { perTurnBatcher } from "./turn-batch";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("perTurnBatcher", () => {
  it("answers the asks of one turn with one call, each by its position", async () => {
    const calls: number[][] = [];
    const double = perTurnBatcher(async (asks: readonly number[]) => {
      calls.push([...asks]);
      return asks.map((ask) => ask * 2);
    });
    const answers = await Promise.all([double(1), double(2), double(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it("sends the asks of a later turn as a call of their own", async () => {
    const calls: string[][] = [];
    const upper = perTurnBatcher(async (asks: readonly string[]) => {
      calls.push([...asks]);
      return asks.map((ask) => ask.toUpperCase());
    });
    const first = upper("a");
    await nextTurn();
    const second = upper("b");
    expect(await Promise.all([first, second])).toEqual(["A", "B"]);
    expect(calls).toEqual([["a"], ["b"]]);
  });

  it("splits a turn into at most `parts` runs of nearly equal length, in order", async () => {
    const calls: number[][] = [];
    const same = perTurnBatcher(async (asks: readonly number[]) => {
      calls.push([...asks]);
      return asks;
    }, 2);
    const asks = [1, 2, 3, 4, 5];
    expect(await Promise.all(asks.map(same))).toEqual(asks);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    calls.length = 0;
    expect(await same(9)).toBe(9);
    expect(calls).toEqual([[9]]);
  });

  it("fails every ask of a failed run, and only those", async () => {
    const failing = perTurnBatcher(async (asks: readonly number[]) => {
      if (asks.includes(3)) throw new Error("database gone");
      return asks;
    }, 2);
    const settled = await Promise.allSettled([1, 2, 3, 4].map(failing));
    expect(settled.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
    ]);
    expect(settled[2]).toMatchObject({ reason: new Error("database gone") });
  });

  it("refuses an answer list that does not match its asks", async () => {
    const short = perTurnBatcher(async (asks: readonly number[]) => asks.slice(1));
    await expect(Promise.all([short(1), short(2)])).rejects.toThrow("1 answers for 2 asks");
  });
});
