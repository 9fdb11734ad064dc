import { BOOKING_FILE_ACCEPT, formatFileSize, MESSAGES, TIMINGS } from "@studio/validators";
import { type ChangeEvent, useEffect, useId, useRef } from "react";
import { CheckIcon, CloseIcon, FileIcon, UploadIcon } from "../components/icons";

export type UploadState =
  | { status: "idle" }
  | { status: "uploading"; name: string; size: number; progress: number }
  | { status: "complete" | "attached"; name: string; size: number; url: string }
  | { status: "error"; message: string };

type Props = {
  state: UploadState;
  onPick: (file: File) => void;
  onRemove: () => void;
  /** "complete" is shown for 2 s, then becomes "attached". */
  onSettle: () => void;
};

/** One optional file: pick, upload with progress, complete (2 s), attached with a remove button. */
export function FileField({ state, onPick, onRemove, onSettle }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (state.status !== "complete") return;
    const timer = setTimeout(onSettle, TIMINGS.uploadCompleteShownMs);
    return () => clearTimeout(timer);
  }, [state.status, onSettle]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) onPick(file);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-white/85">
        Upload File (optional)
      </label>
      <div className="rounded-xl border border-dashed border-white/20 bg-ink p-4">
        {state.status === "uploading" ? (
          <div>
            <p className="flex items-center gap-2 text-sm text-white/85">
              <FileIcon className="h-4 w-4 text-accent" />
              Uploading {state.name}…
            </p>
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={state.progress}
              className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width]"
                style={{ width: `${state.progress}%` }}
              />
            </div>
            <p className="mt-1 text-right text-xs text-white/65">{state.progress}%</p>
          </div>
        ) : state.status === "complete" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-emerald-300">
            <CheckIcon className="h-4 w-4" />
            {MESSAGES.upload.uploaded}
          </p>
        ) : state.status === "attached" ? (
          <div className="flex items-center justify-between gap-3">
            <p className="flex min-w-0 items-center gap-2 text-sm text-white/85">
              <FileIcon className="h-4 w-4 shrink-0 text-accent" />
              <span className="truncate">{state.name}</span>
              <span className="shrink-0 text-white/60">({formatFileSize(state.size)})</span>
            </p>
            <button
              type="button"
              onClick={onRemove}
              aria-label={`Remove ${state.name}`}
              className="inline-flex h-9 w-9 items-center justify-center rounded-full text-white/70 hover:bg-white/10 hover:text-white"
            >
              <CloseIcon className="h-4 w-4" />
            </button>
          </div>
        ) : (
          <button
            type="button"
            onClick={() => inputRef.current?.click()}
            className="flex w-full flex-col items-center gap-2 py-3 text-sm text-white/75 hover:text-white"
            aria-describedby={`${id}-hint`}
          >
            <UploadIcon className="h-6 w-6 text-accent" />
            <span>Choose a reference image or brief</span>
          </button>
        )}
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={BOOKING_FILE_ACCEPT}
          onChange={onChange}
          className="sr-only"
          tabIndex={-1}
          aria-describedby={`${id}-hint`}
        />
      </div>
      {state.status === "error" ? (
        <p role="alert" className="mt-1 text-sm text-red-400">
          {state.message}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-white/60">
        {MESSAGES.upload.hint}. Max 10MB.
      </p>
    </div>
  );
}
