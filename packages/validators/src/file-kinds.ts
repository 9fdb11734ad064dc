/**
 * A file's kind in words, for the specification's "File type X is not supported" message: people know "a web
 * page" or "an .exe program", not "text/html" or "application/x-msdownload". Shared by the server (which judges
 * the bytes) and the browser (which can only go by the file's declared type and name).
 */

const BY_MIME: Record<string, string> = {
  "application/x-msdownload": "an .exe program",
  "application/x-dosexec": "an .exe program",
  "application/vnd.microsoft.portable-executable": "an .exe program",
  "application/x-msi": "a Windows installer",
  "application/x-elf": "a Linux program",
  "application/x-executable": "a program",
  "application/x-mach-binary": "a Mac program",
  "application/x-apple-diskimage": "a Mac disk image",
  "application/vnd.android.package-archive": "an Android app",
  "application/x-sh": "a shell script",
  "application/x-shellscript": "a shell script",
  "application/javascript": "a JavaScript file",
  "text/javascript": "a JavaScript file",
  "text/html": "a web page",
  "application/xhtml+xml": "a web page",
  "application/xml": "an XML file",
  "text/xml": "an XML file",
  "image/svg+xml": "an SVG drawing",
  "text/css": "a style sheet",
  "text/csv": "a spreadsheet (CSV)",
  "application/json": "a JSON file",
  "application/zip": "a ZIP archive",
  "application/x-zip-compressed": "a ZIP archive",
  "application/x-rar-compressed": "a RAR archive",
  "application/vnd.rar": "a RAR archive",
  "application/x-7z-compressed": "a 7-Zip archive",
  "application/gzip": "a compressed archive",
  "application/x-tar": "a TAR archive",
  "application/vnd.ms-excel": "an Excel spreadsheet",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "an Excel spreadsheet",
  "application/vnd.ms-powerpoint": "a PowerPoint presentation",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "a PowerPoint presentation",
  "application/rtf": "a rich-text document",
  "application/pdf": "a PDF document",
  "application/msword": "a Word document",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "a Word document",
  "text/plain": "a text file",
  "image/heic": "a HEIC photo",
  "image/heif": "a HEIF photo",
  "image/tiff": "a TIFF image",
  "image/bmp": "a BMP image",
  "image/x-icon": "an icon file",
  "image/vnd.microsoft.icon": "an icon file",
  "image/avif": "an AVIF image",
  "image/vnd.adobe.photoshop": "a Photoshop file",
  "application/x-shockwave-flash": "a Flash file",
  "video/mp4": "an MP4 video",
  "video/webm": "a WebM video",
  "video/quicktime": "a QuickTime (.mov) video",
  "video/x-msvideo": "an AVI video",
  "video/x-matroska": "an MKV video",
  "video/x-m4v": "an M4V video",
  "audio/mpeg": "an MP3 audio file",
  "audio/wav": "a WAV audio file",
  "audio/x-wav": "a WAV audio file",
  "image/png": "a PNG image",
  "image/jpeg": "a JPEG image",
  "image/gif": "a GIF image",
  "image/webp": "a WebP image",
};

const BY_EXTENSION: Record<string, string> = {
  exe: "an .exe program",
  msi: "a Windows installer",
  bat: "a Windows script",
  cmd: "a Windows script",
  ps1: "a PowerShell script",
  sh: "a shell script",
  js: "a JavaScript file",
  mjs: "a JavaScript file",
  html: "a web page",
  htm: "a web page",
  svg: "an SVG drawing",
  zip: "a ZIP archive",
  rar: "a RAR archive",
  "7z": "a 7-Zip archive",
  dmg: "a Mac disk image",
  apk: "an Android app",
  xls: "an Excel spreadsheet",
  xlsx: "an Excel spreadsheet",
  csv: "a spreadsheet (CSV)",
  ppt: "a PowerPoint presentation",
  pptx: "a PowerPoint presentation",
  heic: "a HEIC photo",
  tif: "a TIFF image",
  tiff: "a TIFF image",
  bmp: "a BMP image",
  psd: "a Photoshop file",
};

const GENERIC_BY_TOP_TYPE: Record<string, string> = {
  audio: "an audio file",
  video: "a video",
  image: "an image of another format",
  font: "a font file",
  text: "a text file of another kind",
};

function extensionOf(fileName: string | null | undefined): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName ?? "");
  return match?.[1]?.toLowerCase() ?? null;
}

/**
 * "a web page", "an .exe program", "an audio file (.mp3)"… from the type the bytes (or, in the browser, the
 * declared type) revealed, else from the file name; "an unknown kind of file" when neither says anything.
 */
export function describeFileKind(mime: string | null | undefined, fileName?: string | null): string {
  const type = (mime ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const ext = extensionOf(fileName);
  const known = BY_MIME[type] ?? (ext ? BY_EXTENSION[ext] : undefined);
  if (known) return known;
  const generic = GENERIC_BY_TOP_TYPE[type.split("/")[0] ?? ""];
  if (generic) return ext ? `${generic} (.${ext})` : generic;
  return ext ? `a .${ext} file` : "an unknown kind of file";
}
