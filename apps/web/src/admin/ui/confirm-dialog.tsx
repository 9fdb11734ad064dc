import { MESSAGES } from "@studio/validators";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { Button, type ButtonVariant } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";

export type ConfirmOptions = {
  title: string;
  message: string;
  confirmLabel?: string;
  /** The button that says no ("Keep booking" beside "Cancel booking", where "Cancel" would mislead). */
  cancelLabel?: string;
  variant?: ButtonVariant;
};

/**
 * A Radix confirmation dialog instead of window.confirm: `ask(options)` resolves true when the admin confirms.
 * Render the returned element once in the page.
 */
export function useConfirm(): [ReactNode, (options: ConfirmOptions) => Promise<boolean>] {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  const element = (
    <Dialog
      open={options !== null}
      onOpenChange={(open) => (open ? undefined : settle(false))}
      title={options?.title ?? ""}
      size="max-w-md"
    >
      <p className="text-sm text-white/85">{options?.message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={() => settle(false)}>
          {options?.cancelLabel ?? MESSAGES.admin.confirmDialog.cancel}
        </Button>
        <Button variant={options?.variant ?? "danger"} onClick={() => settle(true)} autoFocus>
          {options?.confirmLabel ?? MESSAGES.admin.confirmDialog.confirm}
        </Button>
      </div>
    </Dialog>
  );
  return [element, ask];
}
