import {
  MESSAGES,
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_LABELS,
  type ServiceDto,
  splitList,
  ZServiceInput,
} from "@studio/validators";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { MediaUpload } from "../ui/media-upload";

type Form = {
  title: string;
  description: string;
  price: string;
  duration: string;
  category: string;
  image: string;
  features: string;
};

function toForm(service?: ServiceDto | null): Form {
  return {
    title: service?.title ?? "",
    description: service?.description ?? "",
    price: service ? String(service.price) : "",
    duration: service?.duration ?? "",
    category: service?.category ?? "photography",
    image: service?.image ?? "",
    features: service?.features.join("\n") ?? "",
  };
}

/** Add/edit a service: validated with the server's own schema, field errors next to each field. */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: ServiceDto | null;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const [form, setForm] = useState<Form>(() => toForm(service));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const create = trpc.services.create.useMutation();
  const update = trpc.services.update.useMutation();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(toForm(service));
      setErrors({});
    }
  }, [open, service]);

  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "", _: "" }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZServiceInput.safeParse({
      title: form.title,
      description: form.description,
      price: form.price.trim(),
      duration: form.duration,
      category: form.category,
      image: form.image.trim() || null,
      features: splitList(form.features),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    const data = parsed.data;
    try {
      if (service) await update.mutateAsync({ id: service.id, data });
      else await create.mutateAsync(data);
      await utils.services.list.invalidate();
      toast.show(service ? MESSAGES.service.updated : MESSAGES.service.created, "success");
      onOpenChange(false);
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: errorMessage(e, MESSAGES.service.saveError) });
      toast.show(MESSAGES.service.saveFailed, "error");
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? MESSAGES.admin.services.edit : MESSAGES.admin.services.add}
      size="max-w-2xl"
      locked={saving}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Title"
          className="sm:col-span-2"
          value={form.title}
          onChange={(e) => set("title")(e.target.value)}
          error={errors.title}
          required
        />
        <TextAreaField
          label="Description"
          className="sm:col-span-2"
          rows={3}
          value={form.description}
          onChange={(e) => set("description")(e.target.value)}
          error={errors.description}
          required
        />
        <TextField
          label="Price (USD)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={form.price}
          onChange={(e) => set("price")(e.target.value)}
          error={errors.price}
          required
        />
        <TextField
          label="Duration"
          placeholder="e.g. 2 hours"
          value={form.duration}
          onChange={(e) => set("duration")(e.target.value)}
          error={errors.duration}
          required
        />
        <SelectField
          label="Category"
          className="sm:col-span-2"
          value={form.category}
          onChange={(e) => set("category")(e.target.value)}
          error={errors.category}
        >
          {SERVICE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {SERVICE_CATEGORY_LABELS[c]}
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
        <TextField
          label={MESSAGES.admin.common.imageUrl}
          className="sm:col-span-2"
          type="url"
          placeholder="https://…"
          value={form.image}
          onChange={(e) => set("image")(e.target.value)}
          error={errors.image}
        />
        <TextAreaField
          label="Features"
          className="sm:col-span-2"
          rows={4}
          hint={MESSAGES.admin.services.featuresHint}
          value={form.features}
          onChange={(e) => set("features")(e.target.value)}
          error={errors.features}
        />
        {errors._ ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-950/60 px-3 py-2 text-sm text-red-200 sm:col-span-2"
          >
            {errors._}
          </p>
        ) : null}
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            {MESSAGES.admin.common.cancel}
          </Button>
          <Button type="submit" disabled={saving || uploading}>
            {saving ? MESSAGES.admin.common.saving : service ? "Update Service" : "Create Service"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
