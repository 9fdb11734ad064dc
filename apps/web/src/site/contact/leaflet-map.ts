/** Leaflet lives in its own chunk, loaded only where a map is shown; CSS and marker images are bundled. */
import { escapeHtml, type StudioProfile } from "@studio/validators";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerIcon from "leaflet/dist/images/marker-icon.png";

// No shadow image: Leaflet ships it at one resolution only (blurry on phones); index.css draws a drop shadow.
const icon = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
});

export type MapOptions = {
  /** Where (px from the map's top) the studio should appear; the map's middle by default. */
  focusY?: number;
  zoomButtons?: boolean;
  /** true once a tile has loaded; false when the first tiles all fail (offline, blocked). */
  onTiles?: (loaded: boolean) => void;
};

export function mountMap(
  element: HTMLElement,
  tileUrl: string,
  profile: StudioProfile,
  options: MapOptions = {},
): { remove: () => void } {
  const { focusY, onTiles } = options;
  const map = L.map(element, {
    center: [profile.latitude, profile.longitude],
    zoom: profile.zoom,
    scrollWheelZoom: false,
    zoomControl: options.zoomButtons ?? true,
    attributionControl: true,
  });
  let loaded = false;
  const layer = L.tileLayer(tileUrl, {
    subdomains: "abc",
    maxZoom: 19,
    // On high-density screens (most phones) ask for the next zoom level's tiles at half size, so the map is
    // as sharp as the screen instead of 256 px tiles stretched over 2× pixels.
    detectRetina: true,
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  });
  layer.on("tileload", () => {
    if (!loaded) onTiles?.(true);
    loaded = true;
  });
  // "load" fires when the visible tiles have settled, whether they arrived or failed.
  layer.on("load", () => {
    if (!loaded) onTiles?.(false);
  });
  if (!tileUrl) queueMicrotask(() => onTiles?.(false));
  layer.addTo(map);
  const lines = [...profile.addressLines, profile.city].map(escapeHtml).join("<br>");
  L.marker([profile.latitude, profile.longitude], {
    icon,
    alt: `${profile.name} location`,
    title: profile.name,
    keyboard: true,
  })
    .addTo(map)
    .bindPopup(`<strong>${escapeHtml(profile.name)}</strong><br>${lines}`);
  if (focusY !== undefined) map.panBy([0, element.clientHeight / 2 - focusY], { animate: false });
  return { remove: () => map.remove() };
}
