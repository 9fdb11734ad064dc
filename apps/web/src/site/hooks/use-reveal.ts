import { useInView } from "./use-in-view";

/**
 * Reveal-on-scroll: the element (class "reveal", or "reveal-group" whose children rise one after the
 * other, 0.12 s apart) goes from hidden to shown when its top reaches 85 % of the viewport, and plays
 * once. The motion itself is CSS (index.css), switched off by prefers-reduced-motion.
 */
export function useReveal<T extends HTMLElement = HTMLDivElement>() {
  const [ref, shown] = useInView<T>();
  return { shown, revealProps: { ref, "data-shown": shown } };
}
