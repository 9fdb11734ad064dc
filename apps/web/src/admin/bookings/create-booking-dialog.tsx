import {
  BOOKING_FILE_ACCEPT,
  formatFileSize,
  MESSAGES,
  TIME_SLOTS,
  UPLOAD_LIMITS,
  ZBookingCreateInput,
} from "@studio/validators";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { UploadError, uploadFile } from "../lib/upload";
import { Icon } from "../ui/icons";
import { Spinner } from "../ui/spinner";

const m = MESSAGES.admin.bookings;

type Form = {
  name: string;
  email: string;
  phone: string;
  service_id: string;
  date: string;
  time: string;
  message: string;
};
const EMPTY: Form = { name: "", email: "", phone: "", service_id: "", date: "", time: "", message: "" };

type Attachment = { file: File; previewUrl: string | null; url: string | null };

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `k-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** "Create New Booking": the admin books on a customer's behalf, with the same rules as the public dialog. */
export function CreateBookingDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const services = trpc.services.list.useQuery(undefined, { enabled: open });
  const config = trpc.site.config.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const availability = trpc.bookings.availability.useQuery(
    { date: form.date },
    { enabled: open && /^\d{4}-\d{2}-\d{2}$/.test(form.date) },
  );
  const create = trpc.bookings.adminCreate.useMutation();
  const today = config.data?.today;

  const reset = () => {
    setForm(EMPTY);
    setErrors({});
    if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    setAttachment(null);
    setUploading(false);
    setProgress(0);
    setIdempotencyKey(newKey());
    if (fileRef.current) fileRef.current.value = "";
  };

  // Closing by any means (Cancel, Escape, backdrop) resets the form.
  const close = () => {
    reset();
    onOpenChange(false);
  };

  useEffect(
    () => () => {
      if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    },
    [attachment],
  );

  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "", _: "" }));
  };

  const onFile = async (file: File | undefined) => {
    setErrors((e) => ({ ...e, image: "", _: "" }));
    if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    setAttachment(null);
    if (!file) return;
    if (file.size > UPLOAD_LIMITS.defaultBytes) {
      setErrors((e) => ({
        ...e,
        image: MESSAGES.upload.failedWithReason(MESSAGES.upload.tooLarge(formatFileSize(file.size), 10)),
      }));
      if (fileRef.current) fileRef.current.value = "";
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
      if (fileRef.current) fileRef.current.value = "";
    } finally {
      setUploading(false);
    }
  };

  const removeFile = () => {
    if (attachment?.previewUrl) URL.revokeObjectURL(attachment.previewUrl);
    setAttachment(null);
    if (fileRef.current) fileRef.current.value = "";
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZBookingCreateInput.safeParse({
      ...form,
      image: attachment?.url ?? null,
      idempotency_key: idempotencyKey,
    });
    const next: Record<string, string> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    }
    if (!next.date && today && form.date && form.date < today) next.date = MESSAGES.booking.dateInPast;
    if (!parsed.success || Object.keys(next).length) {
      setErrors(next);
      return;
    }
    try {
      await create.mutateAsync(parsed.data);
      await Promise.all([
        utils.bookings.list.invalidate(),
        utils.bookings.stats.invalidate(),
        utils.bookings.availability.invalidate(),
      ]);
      toast.show(MESSAGES.booking.created, "success");
      close();
    } catch (e) {
      const fields = fieldErrors(e);
      setErrors({
        ...fields,
        _: Object.keys(fields).length ? "" : errorMessage(e, MESSAGES.booking.createFailed),
      });
      toast.show(errorMessage(e, MESSAGES.booking.createFailed), "error");
      // A refused slot: show which slots are free now.
      await utils.bookings.availability.invalidate();
    }
  };

  const slots = new Map(availability.data?.slots.map((s) => [s.time, s.available]) ?? []);
  const busy = create.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={m.createTitle}
      size="max-w-2xl"
      locked={busy}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Customer Name"
          autoComplete="off"
          value={form.name}
          onChange={(e) => set("name")(e.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={form.email}
          onChange={(e) => set("email")(e.target.value)}
          error={errors.email}
          required
        />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="off"
          value={form.phone}
          onChange={(e) => set("phone")(e.target.value)}
          error={errors.phone}
          required
        />
        <SelectField
          label="Service"
          value={form.service_id}
          onChange={(e) => set("service_id")(e.target.value)}
          error={errors.service_id}
          required
        >
          <option value="">Select a service</option>
          {(services.data ?? []).map((s) => (
            <option key={s.id} value={String(s.id)}>
              {`${s.title} - $${s.price}`}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Date"
          type="date"
          min={today}
          value={form.date}
          onChange={(e) => set("date")(e.target.value)}
          error={errors.date}
          required
        />
        <SelectField
          label="Time"
          value={form.time}
          onChange={(e) => set("time")(e.target.value)}
          error={errors.time}
          required
        >
          <option value="">Select a time</option>
          {TIME_SLOTS.map((t) => {
            const taken = slots.get(t) === false;
            return (
              <option key={t} value={t} disabled={taken}>
                {taken ? `${t} ${m.slotTakenHint}` : t}
              </option>
            );
          })}
        </SelectField>
        <TextAreaField
          label="Message"
          className="sm:col-span-2"
          rows={3}
          placeholder="Optional notes about the project"
          value={form.message}
          onChange={(e) => set("message")(e.target.value)}
          error={errors.message}
        />
        <div className="sm:col-span-2">
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-medium text-white/85">
            Upload File
          </label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept={BOOKING_FILE_ACCEPT}
            disabled={uploading || busy}
            onChange={(e) => onFile(e.target.files?.[0])}
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
                  onClick={removeFile}
                  className="rounded-full p-2 text-white/70 hover:bg-white/10 hover:text-white"
                  aria-label={m.removeFile}
                >
                  <Icon name="x" className="h-4 w-4" />
                </button>
              </div>
            ) : null}
          </div>
          {errors.image ? (
            <p role="alert" className="mt-1 text-sm text-red-400">
              {errors.image}
            </p>
          ) : null}
        </div>
        {errors._ ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-950/60 px-3 py-2 text-sm text-red-200 sm:col-span-2"
          >
            {errors._}
          </p>
        ) : null}
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="secondary" onClick={close} disabled={busy}>
            {MESSAGES.admin.common.cancel}
          </Button>
          <Button type="submit" disabled={busy || uploading}>
            {busy ? m.creating : m.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
