import {
  categoryLabel,
  MESSAGES,
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_FILE_ACCEPT,
  PORTFOLIO_STATUSES,
  type PortfolioItemDto,
  ZPortfolioInput,
} from "@studio/validators";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, fieldErrors, trpc } from "../../lib/trpc";
import { statusLabel } from "../lib/format";
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
  const featuredId = useId();
  const [form, setForm] = useState<Form>(() => toForm(item, defaultCategory));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const create = trpc.portfolio.create.useMutation();
  const update = trpc.portfolio.update.useMutation();
  const saving = create.isPending || update.isPending;

  useEffect(() => {
    if (open) {
      setForm(toForm(item, defaultCategory));
      setErrors({});
    }
  }, [open, item, defaultCategory]);

  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((e) => ({ ...e, [key]: "", _: "" }));
    };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZPortfolioInput.safeParse({ ...form, media_url: form.media_url.trim() || null });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
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
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? MESSAGES.admin.portfolio.edit : MESSAGES.admin.portfolio.add}
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
        <SelectField
          label="Category"
          value={form.category}
          onChange={(e) => set("category")(e.target.value)}
          error={errors.category}
        >
          {PORTFOLIO_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={form.status}
          onChange={(e) => set("status")(e.target.value)}
          error={errors.status}
        >
          {PORTFOLIO_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Client"
          value={form.client}
          onChange={(e) => set("client")(e.target.value)}
          error={errors.client}
        />
        <TextField
          label="Date"
          type="date"
          value={form.date}
          onChange={(e) => set("date")(e.target.value)}
          error={errors.date}
        />
        <TextField
          label="Location"
          value={form.location}
          onChange={(e) => set("location")(e.target.value)}
          error={errors.location}
        />
        <TextField
          label="Tags"
          hint={MESSAGES.admin.portfolio.tagsHint}
          placeholder="wedding, outdoor, golden hour"
          value={form.tags}
          onChange={(e) => set("tags")(e.target.value)}
          error={errors.tags}
        />
        <div className="flex items-center gap-3 sm:col-span-2">
          <input
            id={featuredId}
            type="checkbox"
            checked={form.featured}
            onChange={(e) => set("featured")(e.target.checked)}
            className="h-4 w-4 accent-amber-500"
          />
          <label htmlFor={featuredId} className="text-sm text-white/85">
            Featured
          </label>
        </div>
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
          {errors.media_url ? (
            <p role="alert" className="mt-1 text-sm text-red-400">
              {errors.media_url}
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
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={saving}>
            {MESSAGES.admin.common.cancel}
          </Button>
          <Button type="submit" disabled={saving || uploading}>
            {saving ? MESSAGES.admin.common.saving : item ? "Update Item" : "Create Item"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
