import { useEffect, useState } from "react";
import { prefersReducedMotion } from "../lib/motion";

/** Counts from 0 up to `target` (ease-out) once `start` turns true; jumps to the end without motion. */
export function useCountUp(target: number, start: boolean, durationMs = 2000): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!start) return;
    if (prefersReducedMotion()) {
      setValue(target);
      return;
    }
    let frame = 0;
    const begin = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - begin) / durationMs);
      setValue(Math.round(target * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, start, durationMs]);
  return value;
}
