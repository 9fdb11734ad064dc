/**
 * The back office's form kit. The labelled controls themselves are components/ui/field (shared with the
 * site); this adds what every admin form repeats around them: its values and errors, the form's own
 * message, and the dialog a form sits in with its Cancel / submit row.
 */
import { MESSAGES } from "@studio/validators";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import type { FieldBinding } from "../../components/ui/field";

/** Errors by field name; "_" is the form's own message. */
export type FormErrors = Record<string, string>;

type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/**
 * A form's values and errors. Changing a field clears its error and the form's message; `field(key)`
 * binds a text field, select or text area to one value.
 */
export function useFormFields<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const set =
    <K extends keyof F>(key: K) =>
    (value: F[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((e) => ({ ...e, [key]: "", _: "" }));
    };
  const field = (key: TextKey<F>): FieldBinding => ({
    value: form[key] as string,
    onChange: (event) => set(key)(event.target.value as F[TextKey<F>]),
    error: errors[String(key)],
  });
  return { form, setForm, errors, setErrors, set, field };
}

/** The first message for each field of a failed zod parse. */
export function issueErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** The form's own message: what went wrong that no single field explains. */
export function FormError({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-lg border border-red-500/40 bg-red-950/60 px-3 py-2 text-sm text-red-200${className ? ` ${className}` : ""}`}
    >
      {message}
    </p>
  );
}

/** An error under a control that is not a text field, select or text area (an upload, say). */
export function FieldError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-1 text-sm text-red-400">
      {message}
    </p>
  );
}

export function CheckboxField({
  label,
  checked,
  onChange,
  className,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`flex items-center gap-3${className ? ` ${className}` : ""}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-4 w-4 accent-amber-500"
      />
      <label htmlFor={id} className="text-sm text-white/85">
        {label}
      </label>
    </div>
  );
}

/**
 * A form in a dialog: two columns of fields, then the form's message and the Cancel / submit row. The
 * dialog stays open while saving; the submit waits for an upload to finish.
 */
export function FormDialog({
  open,
  onOpenChange,
  onCancel = () => onOpenChange(false),
  title,
  onSubmit,
  busy,
  uploading,
  error,
  submitLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Cancel closes the dialog unless told otherwise. */
  onCancel?: () => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  uploading: boolean;
  error?: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} size="max-w-2xl" locked={busy}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {children}
        <FormError message={error} className="sm:col-span-2" />
        <div className="flex justify-end gap-3 sm:col-span-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {MESSAGES.admin.common.cancel}
          </Button>
          <Button type="submit" disabled={busy || uploading}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
