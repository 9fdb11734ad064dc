import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useRef } from "react";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: string;
  /** While true, Escape, outside clicks and the close button do nothing (e.g. while submitting). */
  locked?: boolean;
};

/** A Radix dialog with a visible title: focus trapped, Escape closes, labelled for assistive tech. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "max-w-lg",
  locked = false,
}: Props) {
  // These dialogs have no Radix trigger, so Radix would drop the focus on close: hand it back to the
  // element that had it when the dialog opened.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (locked && !next ? undefined : onOpenChange(next))}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <RadixDialog.Content
          className={`fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[94vw] ${size} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-line bg-ink-soft p-6 text-white shadow-2xl focus:outline-none`}
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement as HTMLElement | null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <RadixDialog.Title className="min-w-0 text-xl font-bold [overflow-wrap:anywhere]">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              className="rounded-full p-1 text-white/70 hover:bg-white/10 hover:text-white disabled:opacity-40"
              aria-label="Close"
              disabled={locked}
            >
              <span aria-hidden="true" className="block text-xl leading-none">
                ×
              </span>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="mb-4 text-sm text-white/70">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
