import {
  MESSAGES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
} from "@studio/validators";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { SelectField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { errorMessage, trpc } from "../../lib/trpc";
import { useInstantFormat } from "../../lib/studio-clock";
import { PagedList } from "../ui/paged-list";
import { Section } from "../ui/section";
import { Badge } from "./parts";

const t = MESSAGES.admin.api;
const PAGE_SIZE = 25;

const TONES: Record<WebhookDeliveryStatus, string> = {
  pending: "bg-yellow-400/15 text-yellow-200 ring-yellow-400/40",
  delivered: "bg-green-500/15 text-green-200 ring-green-500/40",
  failed: "bg-red-500/15 text-red-200 ring-red-500/40",
};

function Delivery({ delivery }: { delivery: WebhookDeliveryDto }) {
  const instantText = useInstantFormat();
  const utils = trpc.useUtils();
  const toast = useToast();
  const resend = trpc.webhooks.resend.useMutation({
    onSuccess: () => {
      toast.show(MESSAGES.webhooks.resent, "success");
      void utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => toast.show(errorMessage(error, MESSAGES.common.serverError), "error"),
  });
  return (
    <li className="rounded-xl border border-ink-line bg-ink/40 p-4" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-[min(100%,16rem)] flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={TONES[delivery.status]}>{t.deliveryStatusLabels[delivery.status]}</Badge>
            <span className="font-semibold text-white">{WEBHOOK_EVENTS[delivery.event].label}</span>
            <span className="text-sm text-white/60">{instantText(delivery.created_at)}</span>
          </p>
          <p className="mt-1 break-words font-mono text-xs text-white/60 [overflow-wrap:anywhere]">
            {delivery.endpoint_url} · {delivery.message_id}
          </p>
          <p className="mt-2 text-sm text-white/80">
            {delivery.last_status_code !== null
              ? `HTTP ${delivery.last_status_code}`
              : (delivery.last_error ?? t.noResponse)}
            {delivery.last_duration_ms !== null ? ` · ${t.duration(delivery.last_duration_ms)}` : ""}
            {` · ${t.attempts(delivery.attempts)}`}
            {delivery.status === "pending" && delivery.next_attempt_at
              ? ` · ${t.nextAttempt} ${instantText(delivery.next_attempt_at)}`
              : ""}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ id: delivery.id })}
        >
          {t.resend}
        </Button>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-white/75 hover:text-white">{t.response}</summary>
        <div className="mt-2 space-y-3">
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-black/40 p-3 text-xs text-white/80 [overflow-wrap:anywhere]">
            {delivery.last_response ?? delivery.last_error ?? t.noResponse}
          </pre>
          <div>
            <p className="mb-1 text-white/60">{t.history}</p>
            <ol className="space-y-1 text-xs text-white/75">
              {delivery.history.map((attempt) => (
                <li key={`${attempt.attempt}-${attempt.at}`}>
                  {instantText(attempt.at)} ·{" "}
                  {attempt.status_code !== null
                    ? `HTTP ${attempt.status_code}`
                    : (attempt.error ?? t.noResponse)}{" "}
                  · {t.duration(attempt.duration_ms)}
                </li>
              ))}
            </ol>
          </div>
          <div>
            <p className="mb-1 text-white/60">{t.payload}</p>
            <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-black/40 p-3 text-xs text-white/80 [overflow-wrap:anywhere]">
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
          </div>
        </div>
      </details>
    </li>
  );
}

/** Every delivery with the receiver's last answer; any can be sent again. */
export function DeliveriesSection() {
  const endpoints = trpc.webhooks.list.useQuery(undefined, { staleTime: 5_000 });
  const [endpointId, setEndpointId] = useState("");
  const [status, setStatus] = useState<WebhookDeliveryStatus | "">("");
  const list = trpc.webhooks.deliveries.useInfiniteQuery(
    {
      limit: PAGE_SIZE,
      ...(endpointId ? { endpointId: Number(endpointId) } : {}),
      ...(status ? { status } : {}),
    },
    {
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      placeholderData: keepPreviousData,
      staleTime: 5_000,
      refetchInterval: 10_000,
    },
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Section id="webhook-deliveries" title={t.deliveriesTitle} text={t.deliveriesIntro}>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField label={t.endpointUrl} value={endpointId} onChange={(e) => setEndpointId(e.target.value)}>
          <option value="">{t.allEndpoints}</option>
          {(endpoints.data ?? []).map((endpoint) => (
            <option key={endpoint.id} value={endpoint.id}>
              {endpoint.url}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.status}
          value={status}
          onChange={(e) => setStatus(e.target.value as WebhookDeliveryStatus | "")}
        >
          <option value="">{t.allStatuses}</option>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t.deliveryStatusLabels[value]}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedList
        query={list}
        count={items.length}
        labels={{
          list: t.deliveriesTitle,
          loadFailed: t.loadFailed,
          loading: t.loading,
          showing: t.showing,
          loadMore: t.loadMore,
          loadingMore: t.loadingMore,
        }}
        empty={{ icon: "activity", title: t.noDeliveries, text: t.noDeliveriesText }}
      >
        <ul className="space-y-3">
          {items.map((delivery) => (
            <Delivery key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      </PagedList>
    </Section>
  );
}
