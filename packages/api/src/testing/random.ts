/**
 * Deterministic pseudo-random numbers for tests, so a failure can be replayed from its seed: `next(n)` is an integer
 * in [0, n). A linear congruential generator; the answer comes from its high bits, as its low ones repeat quickly
 * (the lowest alternates), which would make `next(2)` alternate.
 */
export function seededRandom(seed: number): (n: number) => number {
  let x = seed;
  return (n: number) => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(x / 65_536) % n;
  };
}
