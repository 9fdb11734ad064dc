/**
 * Every kind of durable job the server runs, with the dependencies it needs. A capability that adds a kind
 * lists its handler here; the server's job worker (apps/server/src/server.ts) runs them all in every instance.
 */
import type { ApiDeps } from "../context";
import { mediaJobHandlers } from "../domain/media/process";
import { calendarSyncJobHandlers } from "../domain/calendar-sync/jobs";
import { webhookJobHandlers } from "../domain/webhooks/jobs";
import { passwordResetJobHandlers } from "../mail/password-reset";
import type { AnyJobHandler } from "./worker";

export function jobHandlers(deps: ApiDeps): AnyJobHandler[] {
  return [
    ...webhookJobHandlers(deps),
    ...passwordResetJobHandlers(deps),
    ...mediaJobHandlers(deps, { leaseMs: deps.config.mediaJobLeaseMs }),
    ...calendarSyncJobHandlers(deps),
  ];
}
