import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

const CONTROL =
  "w-full rounded-lg border border-ink-line bg-ink px-3 py-2.5 text-white placeholder:text-white/40 focus:border-accent focus:outline-none aria-[invalid=true]:border-red-500";

type Common = { label: string; error?: string | null; hint?: ReactNode; className?: string };

/** What a form hands one of its fields: the value, the change handler and the field's error. */
export type FieldBinding = {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error?: string | null;
};

/** The label above a control, and the hint or the error below it. */
export function FieldShell({
  id,
  label,
  error,
  hint,
  className = "",
  children,
}: Common & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-white/85">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="mt-1 text-xs text-white/55">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every control shares: its id for the label, the style, and the link to its error message. */
export function controlProps(id: string, error: string | null | undefined) {
  return {
    id,
    className: CONTROL,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <input {...controlProps(id, error)} {...input} />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  className,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <textarea {...controlProps(id, error)} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...input
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={className}>
      <select {...controlProps(id, error)} {...input}>
        {children}
      </select>
    </FieldShell>
  );
}
