import { BOOKING_FILE_ACCEPT, formatFileSize, MESSAGES, UPLOAD_LIMITS } from "@studio/validators";
import { type Dispatch, type SetStateAction, useEffect, useId, useRef, useState } from "react";
import { useToast } from "../../components/ui/toast";
import { UploadError, uploadFile } from "../lib/upload";
import { FieldError, type FormErrors } from "../ui/form-fields";
import { Icon } from "../ui/icons";
import { Spinner } from "../ui/spinner";

const m = MESSAGES.admin.bookings;

type Attachment = { file: File; previewUrl: string | null; url: string | null };

/**
 * The booking's file: uploaded as soon as it is picked, previewed, removable. Its error is the form's
 * `image` error, so the server's answer about the file lands in the same place.
 */
export function useAttachment(setErrors: Dispatch<SetStateAction<FormErrors>>) {
  const toast = useToast();
  const fileRef = useRef<HTMLInputElement>(null);
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);

  useEffect(
    () => () => {
      if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    },
    [attachment],
  );

  const clearInput = () => {
    if (fileRef.current) fileRef.current.value = "";
  };

  const pick = async (file: File | undefined) => {
    setErrors((e) => ({ ...e, image: "", _: "" }));
    if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    setAttachment(null);
    if (!file) return;
    if (file.size > UPLOAD_LIMITS.defaultBytes) {
      setErrors((e) => ({
        ...e,
        image: MESSAGES.upload.failedWithReason(MESSAGES.upload.tooLarge(formatFileSize(file.size), 10)),
      }));
      clearInput();
      return;
    }
    const previewUrl = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
    setUploading(true);
    setProgress(0);
    try {
      const result = await uploadFile("/api/upload/image", file, { onProgress: setProgress });
      setAttachment({ file, previewUrl, url: result.url });
    } catch (e) {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      const message =
        e instanceof UploadError && e.reason
          ? MESSAGES.upload.failedWithReason(e.reason)
          : MESSAGES.upload.imageFailed;
      setErrors((prev) => ({ ...prev, image: message }));
      toast.show(message, "error");
      clearInput();
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    setAttachment(null);
    clearInput();
  };

  const reset = () => {
    remove();
    setUploading(false);
    setProgress(0);
  };

  return { fileRef, attachment, uploading, progress, pick, remove, reset };
}

export type AttachmentState = ReturnType<typeof useAttachment>;

export function AttachmentField({
  state,
  disabled,
  error,
}: {
  state: AttachmentState;
  disabled: boolean;
  error?: string;
}) {
  const fileId = useId();
  const { fileRef, attachment, uploading, progress } = state;
  return (
    <div className="sm:col-span-2">
      <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-white/85">
        Upload File
      </label>
      <input
        ref={fileRef}
        id={fileId}
        type="file"
        accept={BOOKING_FILE_ACCEPT}
        disabled={uploading || disabled}
        onChange={(e) => state.pick(e.target.files?.[0])}
        aria-describedby={`${fileId}-hint`}
        className="block w-full rounded-lg border border-dashed border-ink-line bg-ink p-3 text-sm text-white/80 file:mr-3 file:rounded-full file:border-0 file:bg-white/10 file:px-4 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-white/20"
      />
      <p id={`${fileId}-hint`} className="mt-1 text-xs text-white/60">
        {MESSAGES.upload.hint}
      </p>
      <div aria-live="polite">
        {uploading ? (
          <div className="mt-2 flex items-center gap-2 text-sm text-white/80">
            <Spinner /> {m.uploading}
            <span className="tabular-nums text-white/60">{progress}%</span>
          </div>
        ) : attachment ? (
          <div className="mt-3 flex items-center gap-3 rounded-xl border border-green-500/30 bg-green-500/10 p-3">
            {attachment.previewUrl ? (
              <img
                src={attachment.previewUrl}
                alt="Preview of the attached file"
                className="h-14 w-14 rounded-lg object-cover"
              />
            ) : (
              <span className="flex h-14 w-14 items-center justify-center rounded-lg bg-white/10">
                <Icon name="file" className="h-7 w-7 text-blue-300" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-white">{attachment.file.name}</p>
              <p className="text-xs text-green-300">
                {formatFileSize(attachment.file.size)} · {m.readyToSubmit}
              </p>
            </div>
            <button
              type="button"
              onClick={state.remove}
              className="rounded-full p-2 text-white/70 hover:bg-white/10 hover:text-white"
              aria-label={m.removeFile}
            >
              <Icon name="x" className="h-4 w-4" />
            </button>
          </div>
        ) : null}
      </div>
      <FieldError message={error} />
    </div>
  );
}
