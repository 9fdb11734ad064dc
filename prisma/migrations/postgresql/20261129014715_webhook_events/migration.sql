-- Webhook events wait for their fan-out in a table of their own (issue 31, ADR 014): one B-tree, no index, so
-- the change that writes one pays for one row. Fan-out jobs written before this still run (webhook.fanout).
-- CreateTable
CREATE TABLE "WebhookEvent" (
    "id" SERIAL NOT NULL,
    "payload" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookEvent_pkey" PRIMARY KEY ("id")
);

