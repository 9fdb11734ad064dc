/**
 * Uploads a shoot into one set: several files at once (three in flight), each with its progress and a total.
 * Kept small and on its own: the resumable (tus) uploader replaces `sendOne` later without touching the page.
 */
import { GALLERY_FILE_ACCEPT, MESSAGES } from "@studio/validators";
import { type DragEvent, useId, useRef, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { uploadFile } from "../lib/upload";

const PARALLEL = 3;

type FileState = {
  key: string;
  name: string;
  size: number;
  percent: number;
  error: string | null;
  done: boolean;
};

/** The upload id in a stored file's URL (/uploads/private/<uuid>.<ext>). */
export function uploadIdOf(url: string): string | null {
  return /\/uploads\/private\/([0-9a-f-]{36})\.[a-z0-9]+/.exec(url)?.[1] ?? null;
}

export function GalleryUploader({
  galleryId,
  setId,
  onAdded,
}: {
  galleryId: number;
  setId: number;
  onAdded: () => void;
}) {
  const inputId = useId();
  const [files, setFiles] = useState<FileState[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const addItem = trpc.galleries.addItem.useMutation();

  const patch = (key: string, change: Partial<FileState>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  /** Files upload in parallel, but join the set in the order they were chosen: each waits for the one before. */
  const sendOne = async (key: string, file: File, previous: Promise<unknown>) => {
    try {
      const { url } = await uploadFile("/api/galleries/upload-media", file, {
        onProgress: (percent) => patch(key, { percent }),
      });
      const uploadId = uploadIdOf(url);
      if (!uploadId) throw new Error(MESSAGES.upload.uploadFailed);
      await previous.catch(() => undefined);
      await addItem.mutateAsync({ id: galleryId, set_id: setId, upload_id: uploadId });
      patch(key, { percent: 100, done: true });
      onAdded();
    } catch (e) {
      patch(key, { error: errorMessage(e, e instanceof Error ? e.message : MESSAGES.upload.uploadFailed) });
    }
  };

  const start = async (chosen: File[]) => {
    const batch = chosen.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setFiles((list) => [
      ...list.filter((f) => !f.done),
      ...batch.map(({ file, key }) => ({
        key,
        name: file.name,
        size: file.size,
        percent: 0,
        error: null,
        done: false,
      })),
    ]);
    let next = 0;
    let previous: Promise<unknown> = Promise.resolve();
    const worker = async () => {
      while (next < batch.length) {
        const { file, key } = batch[next++]!;
        const sending = sendOne(key, file, previous);
        previous = sending;
        await sending;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void start([...event.dataTransfer.files]);
  };

  const totalBytes = files.reduce((sum, f) => sum + f.size, 0);
  const sentBytes = files.reduce((sum, f) => sum + (f.size * f.percent) / 100, 0);
  const total = totalBytes ? Math.round((sentBytes / totalBytes) * 100) : 0;
  const running = files.some((f) => !f.done && !f.error);

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
        <label htmlFor={inputId} className="cursor-pointer font-medium text-amber-300 underline">
          Choose photos and videos
        </label>{" "}
        <span className="text-white/70">or drop them here</span>
        <input
          id={inputId}
          ref={input}
          type="file"
          multiple
          accept={GALLERY_FILE_ACCEPT}
          className="sr-only"
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])];
            e.target.value = "";
            void start(chosen);
          }}
        />
      </div>
      {files.length ? (
        <div className="mt-3">
          <label className="block text-xs text-white/70">
            {running ? "Uploading" : "Uploaded"}: {files.filter((f) => f.done).length} of {files.length} files
            ({total}%)
            <progress className="mt-1 block h-2 w-full accent-amber-500" max={100} value={total} />
          </label>
          <ul className="mt-2 max-h-40 space-y-1 overflow-y-auto text-xs">
            {files.map((f) => (
              <li key={f.key} className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">{f.name}</span>
                {f.error ? (
                  <span role="alert" className="text-red-400">
                    {f.error}
                  </span>
                ) : (
                  <progress
                    aria-label={`${f.name} upload`}
                    className="h-1.5 w-24 accent-amber-500"
                    max={100}
                    value={f.percent}
                  />
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
