import { MESSAGES, STUDIO_PROFILE_LIMITS } from "@studio/validators";
import type { Map as LeafletMap, Marker } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { trpc } from "../../lib/trpc";

const s = MESSAGES.admin.settings;

/** A typed coordinate as a number, or null while it is not one (or out of range). */
function coordinate(value: string, limit: number): number | null {
  if (value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** Six decimals: about 10 cm, more than any map click means. */
const round = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * The studio's position on a Leaflet map: a click moves the marker and fills in latitude and longitude, zooming
 * fills in the zoom; typing valid coordinates moves the marker. Leaflet loads with this page only.
 */
export function LocationPicker({
  latitude,
  longitude,
  zoom,
  onPick,
  onZoom,
}: {
  latitude: string;
  longitude: string;
  zoom: string;
  onPick: (latitude: string, longitude: string) => void;
  onZoom: (zoom: string) => void;
}) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<{ map: LeafletMap; marker: Marker } | null>(null);
  const callbacks = useRef({ onPick, onZoom });
  callbacks.current = { onPick, onZoom };
  const [ready, setReady] = useState(false);
  const config = trpc.site.config.useQuery(undefined, { staleTime: 5 * 60_000 });
  const tileUrl = config.data?.mapTileUrl;

  const lat = coordinate(latitude, 90);
  const lng = coordinate(longitude, 180);
  const z = Number(zoom);
  const zoomValid =
    Number.isInteger(z) && z >= STUDIO_PROFILE_LIMITS.minZoom && z <= STUDIO_PROFILE_LIMITS.maxZoom;

  // Mounted once, when the tile URL is known; the first position is the form's.
  const start = useRef({ lat, lng, z: zoomValid ? z : 13 });
  useEffect(() => {
    const target = element.current;
    if (!target || tileUrl === undefined) return;
    let cancelled = false;
    void Promise.all([
      import("leaflet"),
      import("leaflet/dist/leaflet.css"),
      import("leaflet/dist/images/marker-icon.png"),
      import("leaflet/dist/images/marker-icon-2x.png"),
      import("leaflet/dist/images/marker-shadow.png"),
    ]).then(([{ default: L }, _css, icon, icon2x, shadow]) => {
      if (cancelled) return;
      const center: [number, number] = [start.current.lat ?? 0, start.current.lng ?? 0];
      const m = L.map(target, { center, zoom: start.current.z, scrollWheelZoom: false });
      if (tileUrl) {
        L.tileLayer(tileUrl, {
          subdomains: "abc",
          maxZoom: 19,
          attribution:
            '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
        }).addTo(m);
      }
      const marker = L.marker(center, {
        icon: L.icon({
          iconUrl: icon.default,
          iconRetinaUrl: icon2x.default,
          shadowUrl: shadow.default,
          iconSize: [25, 41],
          iconAnchor: [12, 41],
          shadowSize: [41, 41],
        }),
        keyboard: false,
      }).addTo(m);
      m.on("click", (event) => {
        marker.setLatLng(event.latlng);
        const wrapped = event.latlng.wrap();
        callbacks.current.onPick(round(wrapped.lat), round(wrapped.lng));
      });
      m.on("zoomend", () => callbacks.current.onZoom(String(m.getZoom())));
      map.current = { map: m, marker };
      setReady(true);
    });
    return () => {
      cancelled = true;
      map.current?.map.remove();
      map.current = null;
    };
  }, [tileUrl]);

  // Typed values move the marker (and the view) once they are valid.
  useEffect(() => {
    const current = map.current;
    if (!ready || !current || lat === null || lng === null) return;
    const at = current.marker.getLatLng();
    if (Math.abs(at.lat - lat) > 1e-7 || Math.abs(at.lng - lng) > 1e-7) {
      current.marker.setLatLng([lat, lng]);
      current.map.panTo([lat, lng], { animate: false });
    }
  }, [ready, lat, lng]);
  useEffect(() => {
    const current = map.current;
    if (!ready || !current || !zoomValid || current.map.getZoom() === z) return;
    current.map.setZoom(z, { animate: false });
  }, [ready, z, zoomValid]);

  return (
    <div
      ref={element}
      role="application"
      aria-label={s.mapLabel}
      data-testid="settings-map"
      className="isolate h-72 w-full overflow-hidden rounded-xl border border-ink-line bg-ink sm:h-80"
    />
  );
}
