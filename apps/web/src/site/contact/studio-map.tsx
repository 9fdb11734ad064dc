import { STUDIO } from "@studio/validators";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useFirstInteraction } from "../hooks/use-first-interaction";
import { useInView } from "../hooks/use-in-view";

/**
 * The studio on an OpenStreetMap map. Leaflet (about 50 KB) is a heavy embed, so the page first shows a
 * light stand-in with the studio's pin, and swaps in the interactive map once the visitor interacts with
 * the page and the map is near the viewport. The tile URL comes from the site configuration; without
 * tiles (offline, blocked) the map still shows its dark background, the marker and the popup.
 */
export function StudioMap({
  className = "",
  focusRef,
}: {
  className?: string;
  /** An element over the map whose middle should show the studio marker (the map's middle otherwise). */
  focusRef?: RefObject<HTMLElement | null>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [watch, near] = useInView<HTMLDivElement>({ rootMargin: "300px 0px 300px 0px" });
  const interacted = useFirstInteraction();
  const [ready, setReady] = useState(false);
  const [pinY, setPinY] = useState<number | null>(null);
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      ref.current = el;
      watch(el);
    },
    [watch],
  );

  const focusY = useCallback(() => {
    const element = ref.current;
    const focus = focusRef?.current?.getBoundingClientRect();
    if (!element || !focus) return undefined;
    return focus.top + focus.height / 2 - element.getBoundingClientRect().top;
  }, [focusRef]);

  useEffect(() => {
    setPinY(focusY() ?? null);
  }, [focusY]);

  useEffect(() => {
    const element = ref.current;
    if (!near || !interacted || !element) return;
    let map: { remove: () => void } | null = null;
    let cancelled = false;
    void Promise.all([import("./leaflet-map"), import("./contact-api")])
      .then(async ([leaflet, api]) => {
        const tiles = await api.mapTileUrl().catch(() => "");
        if (cancelled) return;
        map = leaflet.mountMap(element, tiles, focusY());
        setReady(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [near, interacted, focusY]);

  return (
    <div className={`studio-map ${className}`}>
      <div className="relative h-full w-full">
        <div
          ref={setRef}
          role="region"
          aria-label={`Map showing the studio location in ${STUDIO.city}`}
          data-testid="studio-map"
          className="map-standin h-full w-full"
        />
        {ready ? null : (
          <div aria-hidden="true" className="pointer-events-none absolute inset-0">
            <div
              className="absolute left-1/2 flex -translate-x-1/2 -translate-y-full flex-col items-center"
              style={{ top: pinY ?? "50%" }}
            >
              <span className="rounded-full bg-ink/90 px-3 py-1 text-xs font-semibold text-white shadow-lg">
                {STUDIO.name} · {STUDIO.city}
              </span>
              <svg viewBox="0 0 24 32" className="mt-1 h-9 w-7 text-accent drop-shadow-lg" focusable="false">
                <path
                  d="M12 0C5.4 0 0 5.2 0 11.7 0 20.5 12 32 12 32s12-11.5 12-20.3C24 5.2 18.6 0 12 0z"
                  fill="currentColor"
                />
                <circle cx="12" cy="11.5" r="4.5" fill="#0a0a0f" />
              </svg>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
