import { MESSAGES } from "@studio/validators";
import { usePageMeta } from "../../components/page-meta";
import { getStoredUser } from "../../lib/auth-storage";
import { trpc } from "../../lib/trpc";
import { ApiKeysSection } from "../api/api-keys-section";
import { DeliveriesSection } from "../api/deliveries-section";
import { WebhooksSection } from "../api/webhooks-section";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";

const t = MESSAGES.admin.api;

/** The owner's API page: keys for external tools, webhook endpoints, and their delivery log. */
export default function ApiPage() {
  usePageMeta(t.pageTitle, "Studio back office");
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 60_000 });
  const user = me.data ?? getStoredUser();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={t.title}
        subtitle={
          <>
            {t.intro}{" "}
            <a
              href="/api/docs"
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-amber-300 underline"
            >
              {t.docsLink}
            </a>
          </>
        }
      />
      {user?.role === "owner" ? (
        <>
          <ApiKeysSection />
          <WebhooksSection />
          <DeliveriesSection />
        </>
      ) : (
        <EmptyState icon="settings" title={t.title} text={t.ownerOnly} />
      )}
    </div>
  );
}
