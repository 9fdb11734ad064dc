import {
  MESSAGES,
  type WebhookEndpointDto,
  type WebhookEventType,
  WEBHOOK_EVENTS,
  ZWebhookEndpointInput,
} from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { useConfirm } from "../ui/confirm-dialog";
import { EmptyState } from "../ui/empty-state";
import {
  CheckboxField,
  FieldError,
  FormDialog,
  FormError,
  issueErrors,
  useFormFields,
} from "../ui/form-fields";
import { Section } from "../ui/section";
import { Spinner } from "../ui/spinner";
import { Badge, EventChecklist } from "./parts";
import { SecretDialog } from "./secret-dialog";

const t = MESSAGES.admin.api;

type Editing = { mode: "new" } | { mode: "edit"; endpoint: WebhookEndpointDto } | null;

function EndpointDialog({
  editing,
  onClose,
  onCreated,
}: {
  editing: Editing;
  onClose: () => void;
  onCreated: (secret: { url: string; secret: string }) => void;
}) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const create = trpc.webhooks.create.useMutation();
  const update = trpc.webhooks.update.useMutation();
  const current = editing?.mode === "edit" ? editing.endpoint : null;
  const { form, errors, setErrors, field } = useFormFields({
    url: current?.url ?? "",
    description: current?.description ?? "",
  });
  const [events, setEvents] = useState<WebhookEventType[]>(current?.events ?? ["booking.created"]);
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const busy = create.isPending || update.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZWebhookEndpointInput.safeParse({ ...form, events, enabled });
    if (!parsed.success) return setErrors(issueErrors(parsed.error.issues));
    try {
      if (current) {
        await update.mutateAsync({ id: current.id, data: parsed.data });
        toast.show(MESSAGES.webhooks.updated, "success");
        onClose();
      } else {
        const created = await create.mutateAsync(parsed.data);
        onCreated({ url: created.endpoint.url, secret: created.secret });
      }
      void utils.webhooks.list.invalidate();
    } catch (error) {
      setErrors(callErrors(error, MESSAGES.common.serverError));
    }
  };
  return (
    <FormDialog
      open={editing !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={current ? t.editEndpoint : t.newEndpoint}
      onSubmit={onSubmit}
      busy={busy}
      uploading={false}
      error={errors._}
      submitLabel={busy ? t.saving : t.save}
    >
      <TextField
        label={t.endpointUrl}
        type="url"
        inputMode="url"
        placeholder="https://hooks.example.com/studio"
        {...field("url")}
        className="sm:col-span-2"
      />
      <TextField
        label={t.endpointDescription}
        maxLength={200}
        {...field("description")}
        className="sm:col-span-2"
      />
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-white/85">{t.events}</legend>
        <EventChecklist selected={events} onChange={setEvents} />
        <FieldError message={errors.events} />
      </fieldset>
      <CheckboxField label={t.enabled} checked={enabled} onChange={setEnabled} className="sm:col-span-2" />
    </FormDialog>
  );
}

function EndpointRow({
  endpoint,
  onEdit,
  onSecret,
}: {
  endpoint: WebhookEndpointDto;
  onEdit: () => void;
  onSecret: (secret: { url: string; secret: string }) => void;
}) {
  const utils = trpc.useUtils();
  const toast = useToast();
  const [confirm, ask] = useConfirm();
  const remove = trpc.webhooks.delete.useMutation({
    onSuccess: () => {
      toast.show(MESSAGES.webhooks.deleted, "success");
      void utils.webhooks.list.invalidate();
      void utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => toast.show(errorMessage(error, MESSAGES.common.serverError), "error"),
  });
  const reveal = trpc.webhooks.revealSecret.useMutation({
    onSuccess: (result) => onSecret({ url: endpoint.url, secret: result.secret }),
    onError: (error) => toast.show(errorMessage(error, MESSAGES.common.serverError), "error"),
  });
  return (
    <li className="rounded-xl border border-ink-line bg-ink/40 p-4" data-testid="webhook-endpoint">
      {confirm}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-[min(100%,16rem)] flex-1">
          <p className="break-words font-mono text-sm text-white [overflow-wrap:anywhere]">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="mt-1 break-words text-sm text-white/70 [overflow-wrap:anywhere]">
              {endpoint.description}
            </p>
          ) : null}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs">
            <Badge
              tone={
                endpoint.enabled
                  ? "bg-green-500/15 text-green-200 ring-green-500/40"
                  : "bg-zinc-500/20 text-zinc-200 ring-zinc-400/40"
              }
            >
              {endpoint.enabled ? t.active : t.paused}
            </Badge>
            {endpoint.waiting ? (
              <Badge tone="bg-yellow-400/15 text-yellow-200 ring-yellow-400/40">
                {t.waiting(endpoint.waiting)}
              </Badge>
            ) : null}
            {endpoint.recent_failures ? (
              <Badge tone="bg-red-500/15 text-red-200 ring-red-500/40">
                {t.failures(endpoint.recent_failures)}
              </Badge>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => reveal.mutate({ id: endpoint.id })}>
            {t.showSecret}
          </Button>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            {t.editEndpoint}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={async () => {
              const ok = await ask({
                title: t.deleteTitle,
                message: t.deleteConfirm(endpoint.url),
                confirmLabel: t.deleteEndpoint,
              });
              if (ok) remove.mutate({ id: endpoint.id });
            }}
          >
            {t.deleteEndpoint}
          </Button>
        </div>
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t.events}>
        {endpoint.events.map((event) => (
          <li key={event}>
            <Badge tone="bg-white/10 text-white/85 ring-white/20">{WEBHOOK_EVENTS[event].label}</Badge>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The owner's webhook endpoints. */
export function WebhooksSection() {
  const endpoints = trpc.webhooks.list.useQuery(undefined, { staleTime: 5_000, refetchInterval: 15_000 });
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  return (
    <Section id="webhooks" title={t.webhooksTitle} text={t.webhooksIntro}>
      <div className="mb-4">
        <Button onClick={() => setEditing({ mode: "new" })}>{t.newEndpoint}</Button>
      </div>
      {endpoints.error ? (
        <FormError message={errorMessage(endpoints.error, t.loadFailed)} />
      ) : endpoints.isLoading ? (
        <div className="flex items-center gap-3 py-6 text-white/70" role="status">
          <Spinner /> {t.loading}
        </div>
      ) : endpoints.data?.length ? (
        <ul className="space-y-3">
          {endpoints.data.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onEdit={() => setEditing({ mode: "edit", endpoint })}
              onSecret={setSecret}
            />
          ))}
        </ul>
      ) : (
        <EmptyState icon="external" title={t.noEndpoints} text={t.noEndpointsText} />
      )}
      {editing ? (
        <EndpointDialog
          key={editing.mode === "edit" ? editing.endpoint.id : "new"}
          editing={editing}
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            setSecret(created);
          }}
        />
      ) : null}
      <SecretDialog
        open={secret !== null}
        title={secret ? t.secretFor(secret.url) : t.showSecret}
        text={t.secretHelp}
        secret={secret?.secret ?? ""}
        onClose={() => setSecret(null)}
      />
    </Section>
  );
}
