/**
 * Taps on controls that need script (opening the booking or feedback dialog), made before the page is live
 * (issue 26). src/hydrate.ts, the prerendered page's first script, catches a click on an element marked
 * `data-early` that is not yet `data-live` and keeps the control in `window.__earlyAction`; once that control
 * has hydrated (its ref runs) it is marked live and the kept click is replayed on it, so the tap takes effect.
 *
 * The control that goes live is not always the element that was tapped: when a part of the page gets an update
 * before it has hydrated, React draws that part again and its server HTML (the tapped element with it) is
 * replaced. So a control is matched by its action (the `data-early` value, e.g. "booking" or "feedback"), not
 * only by identity: a live control with the same action as a tapped element no longer in the page replays it.
 */
export const EARLY_ATTRIBUTE = "data-early";

declare global {
  interface Window {
    /** The control last tapped before it was live (set by src/hydrate.ts), until its tap is replayed. */
    __earlyAction?: HTMLElement | null;
  }
}

const actionOf = (element: HTMLElement) => element.getAttribute(EARLY_ATTRIBUTE);

/**
 * A ref for a control marked `data-early`: marks it live and replays a tap it got, or the tapped element it
 * replaces got, before. Only the last tap before the page was live is replayed (one dialog opens, as it would have).
 */
export function earlyActionRef(node: HTMLElement | null): void {
  if (!node) return;
  node.dataset.live = "";
  const kept = window.__earlyAction;
  if (!kept || (kept !== node && (kept.isConnected || actionOf(kept) !== actionOf(node)))) return;
  window.__earlyAction = null;
  // After this commit (the dialog provider's state is ready): the control's own handler runs. Drawn again since,
  // the control that replaced it replays the tap: now if it is live already, else once it is.
  setTimeout(() => {
    const target = node.isConnected
      ? node
      : document.querySelector<HTMLElement>(`[${EARLY_ATTRIBUTE}="${actionOf(node)}"][data-live]`);
    if (target) target.click();
    else window.__earlyAction = node;
  }, 0);
}

/**
 * Props for a control that needs script, named by its action (controls with the same action do the same thing):
 * it is marked for early capture and replays a tap made before it was live.
 */
export function earlyActionProps(action: string) {
  return { [EARLY_ATTRIBUTE]: action, ref: earlyActionRef } as const;
}
