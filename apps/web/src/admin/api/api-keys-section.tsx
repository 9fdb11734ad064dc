import {
  API_KEY_DEFAULT_RATE_LIMIT,
  API_KEY_SCOPE_LABELS,
  type ApiKeyDto,
  type ApiKeyScope,
  MESSAGES,
  ZApiKeyCreateInput,
} from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { useConfirm } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import { FieldError, FormDialog, FormError, issueErrors, useFormFields } from "../ui/form-fields";
import { Section } from "../ui/section";
import { Spinner } from "../ui/spinner";
import { SecretDialog } from "./secret-dialog";
import { Badge, ScopeChecklist } from "./parts";

const t = MESSAGES.admin.api;

const STATUS_TONES: Record<ApiKeyDto["status"], string> = {
  active: "bg-green-500/15 text-green-200 ring-green-500/40",
  expired: "bg-zinc-500/20 text-zinc-200 ring-zinc-400/40",
  revoked: "bg-red-500/15 text-red-200 ring-red-500/40",
};

function NewKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation();
  const { form, setForm, errors, setErrors, field } = useFormFields({
    name: "",
    expires_on: "",
    rate_limit_per_minute: String(API_KEY_DEFAULT_RATE_LIMIT),
  });
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["bookings:read"]);

  const reset = () => {
    setForm({ name: "", expires_on: "", rate_limit_per_minute: String(API_KEY_DEFAULT_RATE_LIMIT) });
    setScopes(["bookings:read"]);
    setErrors({});
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZApiKeyCreateInput.safeParse({ ...form, scopes });
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    try {
      const created = await create.mutateAsync(parsed.data);
      void utils.apiKeys.list.invalidate();
      reset();
      onCreated(created.secret);
    } catch (error) {
      setErrors(callErrors(error, MESSAGES.common.serverError));
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          reset();
          onClose();
        }
      }}
      title={t.newKey}
      onSubmit={onSubmit}
      busy={create.isPending}
      uploading={false}
      error={errors._}
      submitLabel={create.isPending ? t.creating : t.createKey}
    >
      <TextField
        label={t.keyName}
        hint={t.keyNameHint}
        maxLength={200}
        {...field("name")}
        className="sm:col-span-2"
      />
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-white/85">{t.permissions}</legend>
        <ScopeChecklist selected={scopes} onChange={setScopes} />
        <FieldError message={errors.scopes} />
      </fieldset>
      <TextField label={t.expiresOn} hint={t.expiresHint} type="date" {...field("expires_on")} />
      <TextField
        label={t.rateLimit}
        type="number"
        min={1}
        max={100_000}
        inputMode="numeric"
        {...field("rate_limit_per_minute")}
      />
    </FormDialog>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKeyDto }) {
  const instantText = useInstantFormat();
  const utils = trpc.useUtils();
  const toast = useToast();
  const [confirm, ask] = useConfirm();
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: () => {
      toast.show(MESSAGES.apiKeys.revoked, "success");
      void utils.apiKeys.list.invalidate();
    },
    onError: (error) => toast.show(errorMessage(error, MESSAGES.common.serverError), "error"),
  });
  return (
    <li className="rounded-xl border border-ink-line bg-ink/40 p-4" data-testid="api-key">
      {confirm}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-[min(100%,16rem)] flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-words font-semibold text-white [overflow-wrap:anywhere]">
              {apiKey.name}
            </span>
            <Badge tone={STATUS_TONES[apiKey.status]}>{t.statusLabels[apiKey.status]}</Badge>
          </p>
          <p className="mt-1 font-mono text-sm text-white/70">{apiKey.prefix}…</p>
        </div>
        {apiKey.status === "active" ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={revoke.isPending}
            onClick={async () => {
              const ok = await ask({
                title: t.revokeTitle,
                message: t.revokeConfirm(apiKey.name),
                confirmLabel: t.revoke,
              });
              if (ok) revoke.mutate({ id: apiKey.id });
            }}
          >
            {t.revoke}
          </Button>
        ) : null}
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t.permissions}>
        {apiKey.scopes.map((scope) => (
          <li key={scope}>
            <Badge tone="bg-white/10 text-white/85 ring-white/20">{API_KEY_SCOPE_LABELS[scope].label}</Badge>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-white/55">{t.lastUsed}</dt>
          <dd className="text-white/85">
            {apiKey.last_used_at ? instantText(apiKey.last_used_at) : t.never}
          </dd>
        </div>
        <div>
          <dt className="text-white/55">{t.expires}</dt>
          <dd className="text-white/85">{apiKey.expires_at ? instantText(apiKey.expires_at) : t.noExpiry}</dd>
        </div>
        <div>
          <dt className="text-white/55">{t.created}</dt>
          <dd className="text-white/85">
            {instantText(apiKey.created_at)}
            {apiKey.created_by ? ` · ${apiKey.created_by}` : ""}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** The owner's API keys: made here, shown once, revoked at once. */
export function ApiKeysSection() {
  const keys = trpc.apiKeys.list.useQuery(undefined, { staleTime: 10_000 });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Section id="api-keys" title={t.keysTitle} text={t.keysIntro}>
      <div className="mb-4">
        <Button onClick={() => setCreating(true)}>{t.newKey}</Button>
      </div>
      {keys.error ? (
        <FormError message={errorMessage(keys.error, t.loadFailed)} />
      ) : keys.isLoading ? (
        <div className="flex items-center gap-3 py-6 text-white/70" role="status">
          <Spinner /> {t.loading}
        </div>
      ) : keys.data?.length ? (
        <ul className="space-y-3">
          {keys.data.map((apiKey) => (
            <KeyRow key={apiKey.id} apiKey={apiKey} />
          ))}
        </ul>
      ) : (
        <EmptyState icon="settings" title={t.noKeys} text={t.noKeysText} />
      )}
      <NewKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret(value);
        }}
      />
      <SecretDialog
        open={secret !== null}
        title={t.secretTitle}
        text={t.secretWarning}
        secret={secret ?? ""}
        onClose={() => setSecret(null)}
      />
    </Section>
  );
}
