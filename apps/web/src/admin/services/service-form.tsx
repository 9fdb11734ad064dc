import {
  durationDaysOf,
  durationMinutesOf,
  MESSAGES,
  SESSION_LENGTH,
  SERVICE_CATEGORIES,
  CATEGORY_LABELS,
  type AdminServiceDto,
  type ServiceDto,
  splitList,
  ZServiceInput,
} from "@studio/validators";
import { type FormEvent, useEffect, useState } from "react";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { FormDialog, issueErrors, useFormFields } from "../ui/form-fields";
import { MediaUpload } from "../ui/media-upload";
import { isOwnUpload } from "../../lib/own-path";

type Form = {
  title: string;
  description: string;
  price: string;
  duration: string;
  duration_minutes: string;
  buffer_before_minutes: string;
  buffer_after_minutes: string;
  duration_days: string;
  start_every_minutes: string;
  category: string;
  image: string;
  features: string;
  gallery_selection_limit: string;
};

function toForm(service?: ServiceDto | AdminServiceDto | null): Form {
  const limit = service && "gallery_selection_limit" in service ? service.gallery_selection_limit : null;
  return {
    title: service?.title ?? "",
    description: service?.description ?? "",
    price: service ? String(service.price) : "",
    duration: service?.duration ?? "",
    duration_minutes: String(service?.duration_minutes ?? SESSION_LENGTH.defaultMinutes),
    buffer_before_minutes: String(service?.buffer_before_minutes ?? 0),
    buffer_after_minutes: String(service?.buffer_after_minutes ?? 0),
    duration_days: String(service?.duration_days ?? SESSION_LENGTH.defaultDays),
    start_every_minutes: String(service?.start_every_minutes ?? SESSION_LENGTH.defaultStartEveryMinutes),
    category: service?.category ?? "photography",
    image: service?.image ?? "",
    features: service?.features.join("\n") ?? "",
    gallery_selection_limit: limit ? String(limit) : "",
  };
}

const m = MESSAGES.admin.services;

/** Add/edit a service: validated with the server's own schema, field errors next to each field. */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: ServiceDto | AdminServiceDto | null;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const { form, setForm, errors, setErrors, set, field } = useFormFields<Form>(() => toForm(service));
  const [uploading, setUploading] = useState(false);
  const create = trpc.services.create.useMutation();
  const update = trpc.services.update.useMutation();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(toForm(service));
      setErrors({});
    }
  }, [open, service, setForm, setErrors]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZServiceInput.safeParse({
      title: form.title,
      description: form.description,
      price: form.price.trim(),
      duration: form.duration,
      duration_minutes: form.duration_minutes.trim(),
      buffer_before_minutes: form.buffer_before_minutes.trim() || "0",
      buffer_after_minutes: form.buffer_after_minutes.trim() || "0",
      duration_days: form.duration_days.trim(),
      start_every_minutes: form.start_every_minutes,
      category: form.category,
      image: form.image.trim() || null,
      features: splitList(form.features),
      gallery_selection_limit: form.gallery_selection_limit,
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    const data = parsed.data;
    try {
      if (service) await update.mutateAsync({ id: service.id, data });
      else await create.mutateAsync(data);
      // Every services answer: the site's list, the back office's (with archived ones).
      await utils.services.invalidate();
      toast.show(service ? MESSAGES.service.updated : MESSAGES.service.created, "success");
      onOpenChange(false);
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: errorMessage(e, MESSAGES.service.saveError) });
      toast.show(MESSAGES.service.saveFailed, "error");
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? MESSAGES.admin.services.edit : MESSAGES.admin.services.add}
      onSubmit={onSubmit}
      busy={saving}
      uploading={uploading}
      error={errors._}
      submitLabel={saving ? MESSAGES.admin.common.saving : service ? "Update Service" : "Create Service"}
    >
      <TextField label="Title" className="sm:col-span-2" {...field("title")} required />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        rows={3}
        {...field("description")}
        required
      />
      <TextField
        label="Price (USD)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        {...field("price")}
        required
      />
      <TextField
        label="Duration"
        placeholder="e.g. 2 hours"
        {...field("duration")}
        onChange={(event) => {
          const text = event.target.value;
          const minutes = durationMinutesOf(text);
          const days = durationDaysOf(text);
          // A duration that names a length fills the minutes (and days) in; the owner can still change them.
          setForm((f) => ({
            ...f,
            duration: text,
            ...(minutes !== null ? { duration_minutes: String(minutes), duration_days: "1" } : {}),
            ...(days !== null
              ? { duration_days: String(days), duration_minutes: String(SESSION_LENGTH.fullDayMinutes) }
              : {}),
          }));
        }}
        required
      />
      <TextField
        label={m.lengthLabel}
        type="number"
        inputMode="numeric"
        min={SESSION_LENGTH.minMinutes}
        max={SESSION_LENGTH.maxMinutes}
        step={15}
        hint={m.lengthHint}
        {...field("duration_minutes")}
        required
      />
      <TextField
        label={m.daysLabel}
        type="number"
        inputMode="numeric"
        min={1}
        max={SESSION_LENGTH.maxDays}
        step={1}
        hint={m.daysHint}
        {...field("duration_days")}
        required
      />
      <TextField
        label={m.bufferBeforeLabel}
        type="number"
        inputMode="numeric"
        min={0}
        max={SESSION_LENGTH.maxBufferMinutes}
        step={5}
        hint={m.bufferHint}
        {...field("buffer_before_minutes")}
      />
      <TextField
        label={m.bufferAfterLabel}
        type="number"
        inputMode="numeric"
        min={0}
        max={SESSION_LENGTH.maxBufferMinutes}
        step={5}
        {...field("buffer_after_minutes")}
      />
      <SelectField label={m.startEveryLabel} className="sm:col-span-2" {...field("start_every_minutes")}>
        <option value="60">{m.startEveryHourly}</option>
        <option value="30">{m.startEveryHalfHour}</option>
      </SelectField>
      <TextField
        label={m.gallerySelectionLabel}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint={m.gallerySelectionHint}
        {...field("gallery_selection_limit")}
      />
      <SelectField label="Category" className="sm:col-span-2" {...field("category")}>
        {SERVICE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c]}
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-2">
        <MediaUpload
          label="Image"
          endpoint="/api/services/upload-image"
          accept="image/*"
          value={form.image || null}
          onChange={(url) => set("image")(url ?? "")}
          onBusyChange={setUploading}
          hint="JPG, PNG, GIF or WebP up to 10MB"
        />
      </div>
      {/* An address on another site; an uploaded image is shown above, never as its internal path here. */}
      <TextField
        label={MESSAGES.admin.common.imageUrl}
        className="sm:col-span-2"
        type="url"
        placeholder="https://…"
        {...field("image")}
        value={isOwnUpload(form.image) ? "" : form.image}
        hint={isOwnUpload(form.image) ? MESSAGES.admin.services.imageUrlInsteadOfUpload : undefined}
      />
      <TextAreaField
        label="Features"
        className="sm:col-span-2"
        rows={4}
        hint={MESSAGES.admin.services.featuresHint}
        {...field("features")}
      />
    </FormDialog>
  );
}
