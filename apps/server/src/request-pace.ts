/**
 * How many requests the server answered in the last second: background work (the mail worker) backs off while
 * the server is busy, so a burst of bookings keeps the CPU.
 */
export type RequestPace = {
  /** Call once per incoming request. */
  count: () => void;
  /** True while the last full second (or the current one) reached `busyAbove` requests. */
  busy: () => boolean;
};

export function createRequestPace(busyAbove: number, now: () => number = Date.now): RequestPace {
  let windowStart = now();
  let current = 0;
  let previous = 0;
  const roll = () => {
    const elapsed = now() - windowStart;
    if (elapsed < 1000) return;
    // A gap of more than a second means the previous second saw nothing.
    previous = elapsed < 2000 ? current : 0;
    current = 0;
    windowStart = now();
  };
  return {
    count: () => {
      roll();
      current++;
    },
    busy: () => {
      roll();
      return Math.max(previous, current) >= busyAbove;
    },
  };
}
