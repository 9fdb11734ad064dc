import { useId, useState } from "react";
import { controlProps, type FieldBinding, FieldShell } from "../components/ui/field";

type Props = FieldBinding & { label: string; autoComplete: string };

/** Password input with a show/hide toggle. */
export function PasswordField({ label, value, onChange, error, autoComplete }: Props) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error}>
      <div className="relative">
        <input
          {...controlProps(id, error)}
          type={visible ? "text" : "password"}
          value={value}
          onChange={onChange}
          autoComplete={autoComplete}
          // Room on the right for the toggle.
          className="w-full rounded-lg border border-ink-line bg-ink px-3 py-2.5 pr-20 text-white focus:border-accent focus:outline-none aria-[invalid=true]:border-red-500"
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded px-2 py-1 text-xs font-semibold text-white/75 hover:text-white"
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? "Hide" : "Show"}
        </button>
      </div>
    </FieldShell>
  );
}
