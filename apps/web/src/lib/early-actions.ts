/**
 * Taps on controls that need script (opening the booking or feedback dialog), made before the page is live
 * (issue 26). src/hydrate.ts, the prerendered page's first script, catches a click on an element marked
 * `data-early` that is not yet `data-live` and keeps the control in `window.__earlyAction`; once that control
 * has hydrated (its ref runs) it is marked live and the kept click is replayed on it, so the tap takes effect.
 */
export const EARLY_ATTRIBUTE = "data-early";

declare global {
  interface Window {
    /** The control last tapped before it was live (set by src/hydrate.ts), until its tap is replayed. */
    __earlyAction?: HTMLElement | null;
  }
}

/**
 * A ref for a control marked `data-early`: marks it live and replays a tap it got before. Only the last tap
 * before the page was live is replayed (one dialog opens, as it would have).
 */
export function earlyActionRef(node: HTMLElement | null): void {
  if (!node) return;
  node.dataset.live = "";
  if (window.__earlyAction !== node) return;
  window.__earlyAction = null;
  // After this commit (the dialog provider's state is ready): the control's own handler runs.
  setTimeout(() => node.click(), 0);
}

/** Props for a control that needs script: it is marked for early capture and replays a tap made before. */
export const earlyActionProps = { [EARLY_ATTRIBUTE]: "", ref: earlyActionRef } as const;
