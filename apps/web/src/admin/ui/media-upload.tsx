import { formatFileSize, MESSAGES, TIMINGS, UPLOAD_LIMITS } from "@studio/validators";
import { useEffect, useId, useRef, useState } from "react";
import { type UploadEndpoint, UploadError, uploadFile } from "../lib/upload";
import { Icon } from "./icons";

type Props = {
  label: string;
  endpoint: UploadEndpoint;
  accept: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** Reports whether an upload is running, so the form can hold its submit. */
  onBusyChange?: (busy: boolean) => void;
  hint?: string;
  allowVideo?: boolean;
};

function isVideoUrl(url: string): boolean {
  return /\.(mp4|mov|avi|mkv|webm|m4v)(\?|$)/i.test(url);
}

/** File picker that uploads at once with a progress bar, then shows a preview of the stored media. */
export function MediaUpload({
  label,
  endpoint,
  accept,
  value,
  onChange,
  onBusyChange,
  hint,
  allowVideo,
}: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The file last chosen: named in the status, since the browser's own "No file chosen" text is hidden. */
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), TIMINGS.uploadCompleteShownMs);
    return () => clearTimeout(timer);
  }, [done]);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setChosen(file.name);
    const isVideo = file.type.startsWith("video/");
    const limit = allowVideo && isVideo ? UPLOAD_LIMITS.videoBytes : UPLOAD_LIMITS.defaultBytes;
    if (file.size > limit) {
      setError(
        MESSAGES.upload.failedWithReason(
          MESSAGES.upload.tooLarge(formatFileSize(file.size), limit / 1024 / 1024),
        ),
      );
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setProgress(0);
    onBusyChange?.(true);
    try {
      const result = await uploadFile(endpoint, file, { onProgress: setProgress });
      onChange(result.url);
      setDone(true);
    } catch (e) {
      setError(e instanceof UploadError ? e.message : MESSAGES.upload.uploadFailed);
    } finally {
      setProgress(null);
      onBusyChange?.(false);
    }
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-white/85">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-4 rounded-xl border border-dashed border-ink-line bg-ink p-3">
        {value ? (
          isVideoUrl(value) ? (
            <video src={value} className="h-20 w-28 rounded-lg object-cover" muted />
          ) : (
            <img src={value} alt="Current media preview" className="h-20 w-28 rounded-lg object-cover" />
          )
        ) : (
          <span className="flex h-20 w-28 items-center justify-center rounded-lg bg-white/5 text-white/50">
            <Icon name="portfolio" className="h-7 w-7" />
          </span>
        )}
        {/* At least wide enough for the file button: on a narrow card it goes below the preview, never clipped. */}
        <div className="min-w-[11rem] flex-1 space-y-2">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={accept}
            disabled={progress !== null}
            onChange={(e) => onFile(e.target.files?.[0])}
            // Emptied as the picker opens, so choosing the same file again still uploads it.
            onClick={(e) => {
              e.currentTarget.value = "";
            }}
            aria-describedby={`${id}-status`}
            className="block max-w-full text-sm text-transparent file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-4 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-white/20"
          />
          <div id={`${id}-status`} aria-live="polite" className="text-xs">
            {progress !== null ? (
              <div>
                <p className="text-white/80">{MESSAGES.admin.common.uploadProgress(progress)}</p>
                <div
                  className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-white/10"
                  role="progressbar"
                  aria-label={label}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress}
                >
                  <div className="h-full bg-accent transition-all" style={{ width: `${progress}%` }} />
                </div>
              </div>
            ) : done ? (
              <p className="text-green-300">
                {chosen ? <span className="break-all text-white/80">{chosen} · </span> : null}
                {MESSAGES.admin.common.uploadComplete}
              </p>
            ) : hint ? (
              <p className="text-white/60">{hint}</p>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="text-sm text-red-400">
              {error}
            </p>
          ) : null}
        </div>
        {value ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="rounded-full p-2 text-white/70 hover:bg-white/10 hover:text-white"
            aria-label="Remove media"
          >
            <Icon name="x" className="h-4 w-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
