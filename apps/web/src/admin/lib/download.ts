import { getToken, handleUnauthorized } from "../../lib/auth-storage";

/** Saves a Blob as a file through a temporary link. */
function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A download that failed, with the server's message when it gave one (4xx). */
export class DownloadError extends Error {}

/**
 * Downloads a file the API streams (the bookings CSV): the server sends it chunk by chunk with bounded memory,
 * whatever its size. The file name comes from Content-Disposition, else `fallbackName`.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (response.status === 401) handleUnauthorized();
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new DownloadError(response.status < 500 && typeof body?.message === "string" ? body.message : "");
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  downloadBlob(named ?? fallbackName, await response.blob());
}
