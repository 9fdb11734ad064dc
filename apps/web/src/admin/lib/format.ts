import { DOCUMENT_EXTENSIONS, IMAGE_EXTENSIONS, MESSAGES } from "@studio/validators";

const n = MESSAGES.admin.notifications;

/** 'Just now' / 'Nm ago' / 'Nh ago' / 'Nd ago'. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return n.justNow;
  if (minutes < 60) return n.minutesAgo(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return n.hoursAgo(hours);
  return n.daysAgo(Math.floor(hours / 24));
}

export type ProofKind = "image" | "document" | "other";

/** The extension of a stored-file URL (signed query ignored), lower case. */
export function fileExtension(url: string): string {
  const path = url.split(/[?#]/)[0] ?? "";
  const dot = path.lastIndexOf(".");
  return dot >= 0 ? path.slice(dot + 1).toLowerCase() : "";
}

export function proofKind(url: string): ProofKind {
  const ext = fileExtension(url);
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext) || ext === "jpeg") return "image";
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return "document";
  return "other";
}

/** "PDF Document", "DOCX Document"… */
export function documentLabel(url: string): string {
  return `${fileExtension(url).toUpperCase()} Document`;
}

/** Capitalised status word for badges and options. */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
