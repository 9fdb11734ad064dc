import { useEffect, useState } from "react";

/**
 * False for the first `delayMs` after mount. Background polls (bell, unread badge) wait for it so their
 * requests are not batched with — and do not delay — the page's own first data.
 */
export function useDeferredStart(delayMs = 1_000): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return ready;
}
