import {
  categoryLabel,
  MESSAGES,
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_FILE_ACCEPT,
  PORTFOLIO_STATUSES,
  type PortfolioItemDto,
  ZPortfolioInput,
} from "@studio/validators";
import { type FormEvent, useEffect, useState } from "react";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { statusLabel } from "../lib/format";
import { CheckboxField, FieldError, FormDialog, issueErrors, useFormFields } from "../ui/form-fields";
import { MediaUpload } from "../ui/media-upload";

type Form = {
  title: string;
  description: string;
  category: string;
  client: string;
  date: string;
  location: string;
  tags: string;
  featured: boolean;
  status: string;
  media_url: string;
};

function toForm(item?: PortfolioItemDto | null, category?: string): Form {
  return {
    title: item?.title ?? "",
    description: item?.description ?? "",
    category: item?.category ?? category ?? "photography",
    client: item?.client ?? "",
    date: item?.date ?? "",
    location: item?.location ?? "",
    tags: item?.tags.join(", ") ?? "",
    featured: item?.featured ?? false,
    status: item?.status ?? "published",
    media_url: item?.media_url ?? "",
  };
}

/** Add/edit a portfolio item; title and description are required and never blank. */
export function PortfolioFormDialog({
  open,
  onOpenChange,
  item,
  defaultCategory,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: PortfolioItemDto | null;
  defaultCategory?: string;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const { form, setForm, errors, setErrors, set, field } = useFormFields<Form>(() =>
    toForm(item, defaultCategory),
  );
  const [uploading, setUploading] = useState(false);
  const create = trpc.portfolio.create.useMutation();
  const update = trpc.portfolio.update.useMutation();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(toForm(item, defaultCategory));
      setErrors({});
    }
  }, [open, item, defaultCategory, setForm, setErrors]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPortfolioInput.safeParse({ ...form, media_url: form.media_url.trim() || null });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error.issues));
      return;
    }
    try {
      if (item) await update.mutateAsync({ id: item.id, data: parsed.data });
      else await create.mutateAsync(parsed.data);
      await utils.portfolio.adminList.invalidate();
      toast.show(item ? MESSAGES.portfolio.updated : MESSAGES.portfolio.created, "success");
      onOpenChange(false);
    } catch (e) {
      setErrors({ ...fieldErrors(e), _: errorMessage(e, MESSAGES.portfolio.saveFailed) });
      toast.show(MESSAGES.portfolio.saveFailed, "error");
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? MESSAGES.admin.portfolio.edit : MESSAGES.admin.portfolio.add}
      onSubmit={onSubmit}
      busy={saving}
      uploading={uploading}
      error={errors._}
      submitLabel={saving ? MESSAGES.admin.common.saving : item ? "Update Item" : "Create Item"}
    >
      <TextField label="Title" className="sm:col-span-2" {...field("title")} required />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        rows={3}
        {...field("description")}
        required
      />
      <SelectField label="Category" {...field("category")}>
        {PORTFOLIO_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" {...field("status")}>
        {PORTFOLIO_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </SelectField>
      <TextField label="Client" {...field("client")} />
      <TextField label="Date" type="date" {...field("date")} />
      <TextField label="Location" {...field("location")} />
      <TextField
        label="Tags"
        hint={MESSAGES.admin.portfolio.tagsHint}
        placeholder="wedding, outdoor, golden hour"
        {...field("tags")}
      />
      <CheckboxField
        label="Featured"
        className="sm:col-span-2"
        checked={form.featured}
        onChange={set("featured")}
      />
      <div className="sm:col-span-2">
        <MediaUpload
          label="Media"
          endpoint="/api/portfolio/upload-image"
          accept={PORTFOLIO_FILE_ACCEPT}
          value={form.media_url || null}
          onChange={(url) => set("media_url")(url ?? "")}
          onBusyChange={setUploading}
          hint={MESSAGES.admin.portfolio.mediaHint}
          allowVideo
        />
        <FieldError message={errors.media_url} />
      </div>
    </FormDialog>
  );
}
