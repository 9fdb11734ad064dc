import {
  GALLERY_DOWNLOAD_LABELS,
  GALLERY_DOWNLOADS,
  type GalleryDetail,
  MESSAGES,
  ZGalleryInput,
} from "@studio/validators";
import { type FormEvent, useEffect } from "react";
import { SelectField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { CheckboxField, FormDialog, issueErrors, useFormFields } from "../ui/form-fields";

type Form = {
  title: string;
  booking_id: string;
  expires_on: string;
  pin: string;
  downloads: string;
  selection_limit: string;
  watermark: boolean;
  keep_exif: boolean;
};

function toForm(g?: GalleryDetail | null): Form {
  return {
    title: g?.title ?? "",
    booking_id: g?.booking_id ? String(g.booking_id) : "",
    expires_on: g?.expires_on ?? "",
    pin: "",
    downloads: g?.downloads ?? "all",
    selection_limit: g?.selection_limit ? String(g.selection_limit) : "",
    watermark: g?.watermark ?? false,
    keep_exif: g?.keep_exif ?? false,
  };
}

/** Create or edit a gallery. The PIN field is left empty to keep the current PIN ("Remove PIN" clears it). */
export function GalleryFormDialog({
  open,
  onOpenChange,
  gallery,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  gallery?: GalleryDetail | null;
  onSaved?: (id: number) => void;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const { form, setForm, errors, setErrors, field } = useFormFields<Form>(() => toForm(gallery));
  const create = trpc.galleries.create.useMutation();
  const update = trpc.galleries.update.useMutation();
  const saving = create.isPending || update.isPending;
  const removePin = form.pin === "-";

  useEffect(() => {
    if (open) {
      setForm(toForm(gallery));
      setErrors({});
    }
  }, [open, gallery, setForm, setErrors]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZGalleryInput.safeParse({
      title: form.title,
      booking_id: form.booking_id.trim() || null,
      expires_on: form.expires_on || null,
      // Empty: keep the PIN as it is (a new gallery: none); "-": remove it.
      pin: removePin ? null : form.pin.trim() || undefined,
      downloads: form.downloads,
      // Empty: no limit; for a new gallery, its booking's service's limit (if the service has one).
      selection_limit: form.selection_limit.trim()
        ? Number(form.selection_limit)
        : gallery
          ? null
          : undefined,
      watermark: form.watermark,
      keep_exif: form.keep_exif,
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    try {
      const saved = gallery
        ? await update.mutateAsync({ id: gallery.id, data: parsed.data })
        : await create.mutateAsync(parsed.data);
      await utils.galleries.invalidate();
      toast.show(gallery ? "Gallery saved" : "Gallery created", "success");
      onOpenChange(false);
      onSaved?.(saved.id);
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: errorMessage(e, MESSAGES.common.serverError) });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={gallery ? "Edit gallery" : "New gallery"}
      onSubmit={onSubmit}
      busy={saving}
      uploading={false}
      error={errors._}
      submitLabel={saving ? MESSAGES.admin.common.saving : gallery ? "Save" : "Create gallery"}
    >
      <TextField label="Title" className="sm:col-span-2" {...field("title")} required />
      <TextField
        label="Booking number"
        inputMode="numeric"
        hint="Links the gallery to the booking's client (name and e-mail)."
        {...field("booking_id")}
      />
      <TextField
        label="Link works until"
        type="date"
        hint="Through the end of that day on the studio's clock (its time zone)."
        {...field("expires_on")}
      />
      <TextField
        label={gallery?.has_pin ? "New download PIN" : "Download PIN"}
        inputMode="numeric"
        autoComplete="off"
        hint={
          gallery?.has_pin
            ? "4–8 digits. Leave empty to keep the current PIN; type - to remove it."
            : "4–8 digits, optional. Asked before any download."
        }
        {...field("pin")}
      />
      <SelectField label="Downloads" {...field("downloads")}>
        {GALLERY_DOWNLOADS.map((d) => (
          <option key={d} value={d}>
            {GALLERY_DOWNLOAD_LABELS[d]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Selection limit"
        inputMode="numeric"
        hint={
          gallery
            ? "How many favourites the client may choose; empty: no limit."
            : "How many favourites the client may choose; empty: the booking's service's limit, if any."
        }
        {...field("selection_limit")}
      />
      <CheckboxField
        className="sm:col-span-2"
        label="Watermark the proofs with the studio's name (downloads stay clean)"
        checked={form.watermark}
        onChange={(watermark) => setForm((f) => ({ ...f, watermark }))}
      />
      <CheckboxField
        className="sm:col-span-2"
        label="Keep location and camera details in downloads"
        checked={form.keep_exif}
        onChange={(keep_exif) => setForm((f) => ({ ...f, keep_exif }))}
      />
    </FormDialog>
  );
}
