import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  type ApiKeyScope,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from "@studio/validators";
import type { ReactNode } from "react";

/** A small rounded label (status, permission, event). */
export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span
      className={`inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {children}
    </span>
  );
}

/** Checkboxes of a list of options, each with its explanation. */
function Checklist<T extends string>({
  options,
  selected,
  onChange,
  labelOf,
  descriptionOf,
}: {
  options: readonly T[];
  selected: readonly T[];
  onChange: (next: T[]) => void;
  labelOf: (option: T) => string;
  descriptionOf: (option: T) => string;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {options.map((option) => {
        const id = `option-${option.replace(/\W/g, "-")}`;
        const checked = selected.includes(option);
        return (
          <div key={option} className="flex items-start gap-3 rounded-lg border border-ink-line px-3 py-2">
            <input
              id={id}
              type="checkbox"
              checked={checked}
              onChange={(e) =>
                onChange(e.target.checked ? [...selected, option] : selected.filter((s) => s !== option))
              }
              aria-describedby={`${id}-text`}
              className="mt-1 h-4 w-4 shrink-0 accent-amber-500"
            />
            <div className="min-w-0">
              <label htmlFor={id} className="text-sm font-medium text-white">
                {labelOf(option)}
              </label>
              <p id={`${id}-text`} className="text-xs text-white/60">
                {descriptionOf(option)}
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}

export function ScopeChecklist({
  selected,
  onChange,
}: {
  selected: ApiKeyScope[];
  onChange: (next: ApiKeyScope[]) => void;
}) {
  return (
    <Checklist
      options={API_KEY_SCOPES}
      selected={selected}
      onChange={onChange}
      labelOf={(scope) => API_KEY_SCOPE_LABELS[scope].label}
      descriptionOf={(scope) => API_KEY_SCOPE_LABELS[scope].description}
    />
  );
}

export function EventChecklist({
  selected,
  onChange,
}: {
  selected: WebhookEventType[];
  onChange: (next: WebhookEventType[]) => void;
}) {
  return (
    <Checklist
      options={WEBHOOK_EVENT_TYPES}
      selected={selected}
      onChange={onChange}
      labelOf={(event) => WEBHOOK_EVENTS[event].label}
      descriptionOf={(event) => WEBHOOK_EVENTS[event].description}
    />
  );
}
