import type { StudioProfile } from "@studio/validators";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { useVisitorInteraction } from "../hooks/use-first-interaction";
import { useInView } from "../hooks/use-in-view";
import { useStudioProfile } from "../studio-profile";

/**
 * The studio on an OpenStreetMap map. Leaflet (about 50 KB) is a heavy embed, so the page first shows a
 * light stand-in with the studio's pin and address, and swaps in the interactive map once the visitor
 * scrolls, taps, types or moves the mouse (not merely when the browser is idle: nobody pans a map without
 * doing one of those) and the map is near the viewport. The tile URL comes from the site configuration;
 * until tiles show (and if they never do: offline, blocked) a card gives the address and an "Open in maps"
 * link over the neutral background. The map is its own stacking context, so Leaflet's controls never draw over the sticky header.
 */
export function StudioMap({
  className = "",
  focusRef,
  shadeClassName,
}: {
  className?: string;
  /**
   * An element over the map whose middle should show the studio marker (the map's middle otherwise). A map
   * behind a page's content has no zoom buttons: they would sit under the header or behind the content.
   */
  focusRef?: RefObject<HTMLElement | null>;
  /** A shade over the map (under the marker card, so the card keeps its contrast). */
  shadeClassName?: string;
}) {
  const profile = useStudioProfile();
  // The map is made again only when what it shows changes (not for every fresh copy of the same profile).
  const shown = useRef(profile);
  shown.current = profile;
  const mapKey = JSON.stringify([
    profile.latitude,
    profile.longitude,
    profile.zoom,
    profile.name,
    profile.addressLines,
    profile.city,
  ]);
  const ref = useRef<HTMLDivElement>(null);
  const [watch, near] = useInView<HTMLDivElement>({ rootMargin: "300px 0px 300px 0px" });
  const interacted = useVisitorInteraction();
  const [ready, setReady] = useState(false);
  // null until Leaflet knows; false when no tile could be loaded (offline, blocked).
  const [tiles, setTiles] = useState<boolean | null>(null);
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

  // biome-ignore lint/correctness/useExhaustiveDependencies: mapKey stands for the profile's map fields (read through `shown`).
  useEffect(() => {
    const element = ref.current;
    if (!near || !interacted || !element) return;
    let map: { remove: () => void } | null = null;
    let cancelled = false;
    void Promise.all([import("./leaflet-map"), import("./contact-api")])
      .then(async ([leaflet, api]) => {
        const tiles = await api.mapTileUrl().catch(() => "");
        if (cancelled) return;
        map = leaflet.mountMap(element, tiles, shown.current, {
          focusY: focusY(),
          zoomButtons: !focusRef,
          onTiles: setTiles,
        });
        setReady(true);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [near, interacted, focusY, focusRef, mapKey]);

  // The tile credit belongs with the tiles: until one shows, the address card stands in the same place and
  // the credit would be drawn over its "Open in maps" link.
  const credit = tiles === true ? "" : "[&_.leaflet-control-attribution]:hidden";
  // With a focus element, the pin and the card wait (hidden) until they can be placed at its middle: the page is
  // painted before the app runs, and a pin first drawn elsewhere would jump (a layout shift). Without JavaScript
  // the <noscript> style shows them where they are.
  const hidden = focusRef && pinY === null ? "invisible" : "";
  return (
    <div className={`studio-map isolate ${credit} ${className}`}>
      <div className="relative h-full w-full">
        <div
          ref={setRef}
          role="region"
          aria-label={`Map showing the studio location in ${profile.city}`}
          data-testid="studio-map"
          className="map-standin h-full w-full"
        />
        {shadeClassName ? (
          <div
            aria-hidden="true"
            className={`pointer-events-none absolute inset-0 z-[450] ${shadeClassName}`}
          />
        ) : null}
        {focusRef ? (
          <noscript>
            <style>{"[data-map-pin]{visibility:visible!important}"}</style>
          </noscript>
        ) : null}
        {ready ? null : (
          <div
            aria-hidden="true"
            data-map-pin
            className={`pointer-events-none absolute inset-0 z-[460] ${hidden}`}
          >
            <div
              className="absolute left-1/2 flex -translate-x-1/2 -translate-y-full flex-col items-center"
              style={{ top: pinY ?? "50%" }}
            >
              <span className="rounded-full bg-ink/90 px-3 py-1 text-xs font-semibold text-white shadow-lg">
                {profile.name} · {profile.city}
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
        {tiles === true ? null : <AddressCard top={pinY} profile={profile} className={hidden} />}
      </div>
    </div>
  );
}

/**
 * Where the studio is, in words and as a link to a full map, just below the pin: what a person needs when no
 * map tile shows.
 */
function AddressCard({
  top,
  profile,
  className,
}: {
  top: number | null;
  profile: StudioProfile;
  className: string;
}) {
  const { latitude: lat, longitude: lng } = profile;
  const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${Math.min(profile.zoom + 3, 19)}/${lat}/${lng}`;
  return (
    <div
      data-map-pin
      className={`${className} absolute left-1/2 z-[500] w-max max-w-[min(18rem,calc(100%-2rem))] -translate-x-1/2 rounded-xl border border-white/10 bg-ink/95 px-4 py-3 text-center text-sm text-white shadow-lg`}
      style={{ top: top === null ? "calc(50% + 12px)" : top + 12 }}
    >
      <p className="font-semibold">{profile.name}</p>
      {profile.addressLines.map((line) => (
        <p key={line} className="text-white/75">
          {line}
        </p>
      ))}
      <p className="text-white/75">{profile.city}</p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-1 inline-flex min-h-[28px] items-center px-1 font-semibold text-accent underline-offset-4 hover:underline"
      >
        Open in maps<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
