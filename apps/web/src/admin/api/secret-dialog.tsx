import { MESSAGES } from "@studio/validators";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";

const t = MESSAGES.admin.api;

/** A secret to copy: a new API key (shown this once) or a webhook endpoint's signing secret. */
export function SecretDialog({
  open,
  title,
  text,
  secret,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  secret: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setCopied(false);
          onClose();
        }
      }}
      title={title}
      description={text}
      size="max-w-xl"
    >
      <label htmlFor="secret-value" className="mb-1.5 block text-sm font-medium text-white/85">
        {title}
      </label>
      <input
        id="secret-value"
        readOnly
        value={secret}
        onFocus={(e) => e.target.select()}
        className="w-full rounded-lg border border-ink-line bg-ink px-3 py-2.5 font-mono text-sm text-white"
        data-testid="secret-value"
      />
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t.copied : t.copy}
        </Button>
        <Button
          onClick={() => {
            setCopied(false);
            onClose();
          }}
        >
          {t.done}
        </Button>
      </div>
    </Dialog>
  );
}
