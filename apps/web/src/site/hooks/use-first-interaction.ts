import { useEffect, useState } from "react";

const EVENTS = ["scroll", "wheel", "keydown", "pointerdown", "pointermove", "touchstart"] as const;
let ready = false;
/** Set by a scroll, key, tap or mouse movement only (not by the idle fallback). */
let interactedForReal = false;

/** Runs `fn` once the page has loaded and the browser has a quiet moment (at most ~2 s later). */
export function afterLoadWhenIdle(fn: () => void): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if ("requestIdleCallback" in window) idle = window.requestIdleCallback(fn, { timeout: 2000 });
    else timer = setTimeout(fn, 300);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * Resolves on the visitor's first scroll, key, tap or mouse movement, or once the page has loaded and the
 * browser is idle (at once on the server, and once it has happened).
 */
export function firstInteraction(): Promise<void> {
  if (ready || typeof window === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const on = (event?: Event) => {
      if (event) interactedForReal = true;
      ready = true;
      cancelIdle();
      for (const type of EVENTS) window.removeEventListener(type, on);
      resolve();
    };
    for (const type of EVENTS) window.addEventListener(type, on, { passive: true, once: true });
    const cancelIdle = afterLoadWhenIdle(() => on());
  });
}

/**
 * True after the visitor's first scroll, key, tap or mouse movement — or, without any, once the page has
 * loaded and the browser is idle. Secondary UI (floating buttons, sections below the fold, the footer) waits
 * for it, so the first paint only downloads what the first view needs, yet never depends on an interaction.
 */
export function useFirstInteraction(): boolean {
  return useInteraction(true);
}

/**
 * True only after the visitor's first scroll, key, tap or mouse movement: for embeds that are only of use to
 * someone handling the page (the interactive map), whose stand-in already shows what they show.
 */
export function useVisitorInteraction(): boolean {
  return useInteraction(false);
}

function useInteraction(orWhenIdle: boolean): boolean {
  const [value, setValue] = useState(orWhenIdle ? ready : interactedForReal);
  useEffect(() => {
    if (value) return;
    const on = (event?: Event) => {
      if (event) interactedForReal = true;
      ready = true;
      setValue(true);
    };
    for (const type of EVENTS) window.addEventListener(type, on, { passive: true, once: true });
    const cancelIdle = orWhenIdle ? afterLoadWhenIdle(() => on()) : () => {};
    return () => {
      cancelIdle();
      for (const type of EVENTS) window.removeEventListener(type, on);
    };
  }, [value, orWhenIdle]);
  return value;
}
