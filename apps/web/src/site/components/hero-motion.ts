import { subscribeScroll } from "../hooks/use-scroll";

/** Parallax factor of the background (it moves at half the scroll speed) and mouse-follow strengths. */
const PARALLAX = 0.5;
const FOLLOW = [30, 20] as const;

/**
 * The hero's motion: background parallax on scroll and two floating elements that follow the mouse.
 * Loaded on the first interaction (nothing moves before one), so it is not part of the first download.
 */
export function startHeroMotion(
  section: HTMLElement,
  background: HTMLElement,
  floats: Array<HTMLElement | null>,
): () => void {
  const unsubscribe = subscribeScroll((y) => {
    if (y < window.innerHeight * 1.5) background.style.transform = `translate3d(0, ${y * PARALLAX}px, 0)`;
  });
  let frame = 0;
  const onMove = (event: PointerEvent) => {
    if (event.pointerType !== "mouse" || frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const x = event.clientX / window.innerWidth - 0.5;
      const y = event.clientY / window.innerHeight - 0.5;
      floats.forEach((el, i) => {
        if (el) el.style.transform = `translate3d(${x * FOLLOW[i]!}px, ${y * FOLLOW[i]!}px, 0)`;
      });
    });
  };
  section.addEventListener("pointermove", onMove);
  return () => {
    unsubscribe();
    section.removeEventListener("pointermove", onMove);
    cancelAnimationFrame(frame);
  };
}
