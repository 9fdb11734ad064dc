import * as RadixDialog from "@radix-ui/react-dialog";
import { MESSAGES } from "@studio/validators";
import { LogoutButton } from "../logout-button";
import { AdminNav } from "./admin-nav";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  brand: string;
  unreadMessages: number;
};

/**
 * The menu on a phone: an overlay drawer over the page (the page keeps its width), closed by choosing a section,
 * by Escape or by a tap outside; focus stays inside while it is open (a Radix dialog).
 */
export function AdminDrawer({ open, onOpenChange, brand, unreadMessages }: Props) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-ink-line bg-ink-soft text-white shadow-2xl focus:outline-none"
        >
          <div className="flex h-16 items-center justify-between gap-2 border-b border-ink-line px-4">
            <RadixDialog.Title className="flex min-w-0 items-center gap-2 font-bold tracking-tight">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-accent text-black">
                {brand.charAt(0).toUpperCase()}
              </span>
              <span className="truncate">{brand}</span>
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={MESSAGES.admin.shell.closeMenu}
              className="rounded-lg p-2 text-white/70 hover:bg-white/10 hover:text-white"
            >
              <span aria-hidden="true" className="block text-xl leading-none">
                ×
              </span>
            </RadixDialog.Close>
          </div>
          <AdminNav
            compact={false}
            unreadMessages={unreadMessages}
            label={MESSAGES.admin.shell.menu}
            onNavigate={() => onOpenChange(false)}
          />
          <div className="border-t border-ink-line p-3">
            <LogoutButton className="w-full" />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
