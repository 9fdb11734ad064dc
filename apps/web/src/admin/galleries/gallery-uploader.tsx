/**
 * Uploads a shoot into one set with resumable uploads (tus: ../lib/resumable-upload.ts): files, or a whole
 * folder (dropped, or picked with "Choose folder"), three at a time, each with its progress and a total. A
 * dropped connection is retried from what the server has; after a page reload, choosing or dropping the same
 * files again goes on from where each stopped (the notice lists what is unfinished). The server adds each file
 * to the set as its last byte is recorded (domain/galleries/uploads.ts); its processing then shows on its item.
 */
import { GALLERY_FILE_ACCEPT } from "@studio/validators";
import {
  type DragEvent,
  type InputHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { Button } from "../../components/ui/button";
import { type FileProgress, unfinishedUploads, uploadResumable } from "../lib/resumable-upload";

export const PARALLEL_UPLOADS = 3;
/** The list is redrawn at most this often while bytes flow (a shoot is hundreds of files). */
const REDRAW_MS = 150;

type Row = FileProgress & { key: string };

/** A file of a shoot: photos and videos; hidden files (.DS_Store) and sidecars (.xmp, .txt) are left out. */
export function isShootFile(file: File): boolean {
  if (file.name.startsWith(".")) return false;
  // An empty type (a .mkv, a camera's raw name) goes to the server, which judges the bytes.
  return file.type === "" || file.type.startsWith("image/") || file.type.startsWith("video/");
}

type Entry = {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (resolve: (file: File) => void, reject: (error: unknown) => void) => void;
  createReader?: () => {
    readEntries: (resolve: (entries: Entry[]) => void, reject: (error: unknown) => void) => void;
  };
};

/** Every file under a dropped entry, folders walked to the bottom (a reader answers 100 entries at a time). */
async function filesOf(entry: Entry): Promise<{ file: File; path: string }[]> {
  if (entry.isFile && entry.file) {
    const read = entry.file.bind(entry);
    const file = await new Promise<File>((resolve, reject) => read(resolve, reject));
    return [{ file, path: entry.fullPath || file.name }];
  }
  if (!entry.isDirectory || !entry.createReader) return [];
  const reader = entry.createReader();
  const found: { file: File; path: string }[] = [];
  for (;;) {
    const batch = await new Promise<Entry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return found;
    for (const child of batch) found.push(...(await filesOf(child)));
  }
}

/**
 * The files of a drop, folders included, in path order. The entries must be taken while the drop event runs
 * (the browser empties the list afterwards); reading them may take longer.
 */
export function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = [...(data.items ?? [])]
    .filter((item) => item.kind === "file")
    .map((item) => (item.webkitGetAsEntry?.() ?? null) as unknown as Entry | null);
  if (!entries.length || entries.some((e) => e === null)) return Promise.resolve([...data.files]);
  return Promise.all((entries as Entry[]).map(filesOf)).then((lists) =>
    lists
      .flat()
      .sort((a, b) => a.path.localeCompare(b.path, undefined, { numeric: true }))
      .map((f) => f.file),
  );
}

const percentOf = (sent: number, total: number) => (total ? Math.floor((sent / total) * 100) : 0);

function FilePicker({
  label,
  onFiles,
  folder = false,
  disabled,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  folder?: boolean;
  disabled: boolean;
}) {
  const id = useId();
  // React does not know webkitdirectory: it is passed through as a plain attribute.
  const directory = (
    folder ? { webkitdirectory: "", directory: "" } : {}
  ) as InputHTMLAttributes<HTMLInputElement>;
  return (
    <>
      <label
        htmlFor={id}
        className={`inline-flex min-h-10 items-center rounded-lg border border-ink-line px-3 py-2 font-medium text-amber-300 [&:has(+input:focus-visible)]:ring-2 [&:has(+input:focus-visible)]:ring-amber-400 ${disabled ? "opacity-50" : "cursor-pointer hover:bg-white/5"}`}
      >
        {label}
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={folder ? undefined : GALLERY_FILE_ACCEPT}
        className="sr-only"
        disabled={disabled}
        {...directory}
        onChange={(e) => {
          const chosen = [...(e.target.files ?? [])];
          e.target.value = "";
          onFiles(chosen);
        }}
      />
    </>
  );
}

export function GalleryUploader({
  galleryId,
  setId,
  onAdded,
}: {
  galleryId: number;
  setId: number;
  /** A file joined the set (called at most every second or so while a batch runs, and once at its end). */
  onAdded: () => void;
}) {
  const [rows, setRows] = useState<Row[]>([]);
  const [skipped, setSkipped] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const [unfinished, setUnfinished] = useState<{ name: string; size: number | null }[]>([]);
  const [running, setRunning] = useState(false);
  const stopper = useRef<AbortController | null>(null);
  const totalId = useId();
  const metadata = { gallery_id: String(galleryId), set_id: String(setId) };
  const target = `${galleryId}:${setId}`;

  const lookForUnfinished = useCallback(async () => {
    const [gallery_id, set_id] = target.split(":") as [string, string];
    const found = await unfinishedUploads("gallery_media", { gallery_id, set_id });
    const seen = new Set<string>();
    setUnfinished(found.filter((u) => !seen.has(u.name) && seen.add(u.name)));
  }, [target]);
  useEffect(() => {
    void lookForUnfinished();
  }, [lookForUnfinished]);
  // Leaving the page pauses the batch: what reached the server stays, and coming back names what is unfinished.
  useEffect(() => () => stopper.current?.abort(), []);

  const start = async (chosen: File[]) => {
    const files = chosen.filter(isShootFile);
    setSkipped(chosen.filter((f) => !isShootFile(f)).map((f) => f.name));
    if (!files.length) return;
    const batch = `${Date.now()}`;
    const live: Row[] = files.map((file, index) => ({
      key: `${batch}-${index}`,
      index,
      name: file.name,
      status: "queued",
      bytesSent: 0,
      bytesTotal: file.size,
    }));
    setRows(live.map((r) => ({ ...r })));
    setRunning(true);
    const stop = new AbortController();
    stopper.current = stop;
    // Progress arrives per chunk and per file: the list is redrawn on a timer, the gallery refreshed sparingly.
    let dirty = false;
    let added = false;
    const redraw = setInterval(() => {
      if (dirty) setRows(live.map((r) => ({ ...r })));
      dirty = false;
    }, REDRAW_MS);
    const refresh = setInterval(() => {
      if (added) onAdded();
      added = false;
    }, 1_000);
    try {
      await uploadResumable(files, {
        purpose: "gallery_media",
        metadata,
        concurrency: PARALLEL_UPLOADS,
        signal: stop.signal,
        onFileProgress: (progress) => {
          Object.assign(live[progress.index]!, progress);
          dirty = true;
          if (progress.status === "done") added = true;
        },
      });
    } finally {
      clearInterval(redraw);
      clearInterval(refresh);
      setRows(live.map((r) => ({ ...r })));
      setRunning(false);
      stopper.current = null;
      onAdded();
      void lookForUnfinished();
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    // One batch at a time: the next one is dropped when this one ends (or is paused).
    if (running) return;
    void droppedFiles(event.dataTransfer).then(start);
  };

  // A refused file leaves the total: the rest still reaches 100%.
  const counted = rows.filter((r) => r.status !== "failed");
  const bytesTotal = counted.reduce((n, r) => n + r.bytesTotal, 0);
  const bytesSent = counted.reduce((n, r) => n + (r.status === "done" ? r.bytesTotal : r.bytesSent), 0);
  const total = percentOf(bytesSent, bytesTotal);
  const done = rows.filter((r) => r.status === "done").length;
  const failed = rows.filter((r) => r.status === "failed");
  const active = rows.filter((r) => r.status === "uploading");
  const waiting = rows.filter((r) => r.status === "queued").length;
  const cancelled = rows.filter((r) => r.status === "cancelled").length;

  return (
    <section aria-label="Upload photos and videos" className="mb-4">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`rounded-xl border-2 border-dashed p-4 text-center text-sm ${over ? "border-accent bg-accent/10" : "border-ink-line"}`}
      >
        <p className="mb-3 text-white/75">
          {running
            ? "Uploading… more files can be added when this batch ends"
            : "Drop photos and videos, or a whole folder, here"}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <FilePicker label="Choose files" disabled={running} onFiles={(f) => void start(f)} />
          <FilePicker label="Choose folder" folder disabled={running} onFiles={(f) => void start(f)} />
        </div>
      </div>
      {unfinished.length && !running ? (
        <p role="status" className="mt-3 rounded-lg bg-amber-500/10 p-3 text-xs text-amber-200">
          {unfinished.length === 1 ? "1 upload" : `${unfinished.length} uploads`} from an earlier visit did
          not finish (
          {unfinished
            .slice(0, 3)
            .map((u) => u.name)
            .join(", ")}
          {unfinished.length > 3 ? ", …" : ""}). Choose or drop the same files again: each goes on from where
          it stopped.
        </p>
      ) : null}
      {skipped.length ? (
        <p className="mt-3 text-xs text-white/70">
          Left out (not photos or videos): {skipped.slice(0, 5).join(", ")}
          {skipped.length > 5 ? ` and ${skipped.length - 5} more` : ""}
        </p>
      ) : null}
      {rows.length ? (
        <div className="mt-3">
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-white/75">
            <span id={totalId}>
              {running ? "Uploading" : "Uploaded"}: {done} of {rows.length} files ({total}%)
              {failed.length ? `, ${failed.length} not uploaded` : ""}
            </span>
            {running ? (
              <Button size="sm" variant="ghost" onClick={() => stopper.current?.abort()}>
                Pause
              </Button>
            ) : null}
          </div>
          <progress
            aria-labelledby={totalId}
            className="mt-1 block h-2 w-full accent-amber-500"
            max={100}
            value={total}
          />
          {waiting || cancelled ? (
            <p className="mt-1 text-xs text-white/60">
              {waiting ? `${waiting} waiting` : ""}
              {waiting && cancelled ? " · " : ""}
              {cancelled ? `${cancelled} paused: choose them again to go on` : ""}
            </p>
          ) : null}
          <ul aria-label="Files uploading" className="mt-2 space-y-1 text-xs">
            {active.map((r) => (
              <li key={r.key} className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">{r.name}</span>
                <progress
                  aria-label={`${r.name} upload`}
                  className="h-1.5 w-24 shrink-0 accent-amber-500"
                  max={100}
                  value={percentOf(r.bytesSent, r.bytesTotal)}
                />
                <span className="w-9 shrink-0 text-right tabular-nums text-white/70">
                  {percentOf(r.bytesSent, r.bytesTotal)}%
                </span>
              </li>
            ))}
          </ul>
          {failed.length ? (
            <ul aria-label="Files not uploaded" className="mt-2 max-h-40 space-y-1 overflow-y-auto text-xs">
              {failed.map((r) => (
                <li key={r.key} className="[overflow-wrap:anywhere]">
                  <span className="font-medium">{r.name}</span>:{" "}
                  <span className="text-red-300">{r.error}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
