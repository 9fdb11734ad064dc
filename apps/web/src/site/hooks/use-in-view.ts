import { useCallback, useEffect, useState } from "react";

export type InViewOptions = { rootMargin?: string; once?: boolean };

/**
 * Watches an element (attach the returned callback ref; the element may mount later) and reports true
 * once it has entered the viewport: by default when its top passes 85 % of the viewport height, the
 * reveal start of the specification. With `once` (default) it stays true.
 */
export function useInView<T extends Element>({
  rootMargin = "0px 0px -15% 0px",
  once = true,
}: InViewOptions = {}): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  const [inView, setInView] = useState(false);
  const ref = useCallback((el: T | null) => setElement(el), []);

  useEffect(() => {
    if (!element || (once && inView)) return;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setInView(true);
          if (once) observer.disconnect();
        } else if (!once) setInView(false);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, rootMargin, once, inView]);

  return [ref, inView];
}
