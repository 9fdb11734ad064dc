/**
 * The contact page's calls, loaded on demand: the page itself renders without the API client, which
 * is only fetched when the visitor sends the form or the map starts.
 */
import type { RouterInputs } from "../../lib/trpc";
import { getDataClients } from "../../app/data-provider";

export { fieldErrors } from "../../lib/trpc";

export function sendContact(input: RouterInputs["contact"]["send"]) {
  return getDataClients().trpc.contact.send.mutate(input);
}

let tileUrl: Promise<string> | null = null;
/** The map tile URL of the site configuration (asked once per page load). */
export function mapTileUrl(): Promise<string> {
  tileUrl ??= getDataClients()
    .trpc.site.config.query()
    .then((config) => config.mapTileUrl)
    .catch((error: unknown) => {
      tileUrl = null;
      throw error;
    });
  return tileUrl;
}
