-- CreateTable
CREATE TABLE "OutgoingMail" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "recipients" TEXT NOT NULL,
    "replyTo" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "attachments" JSONB,
    "messageId" TEXT NOT NULL,
    "inReplyTo" TEXT,
    "references" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "notBefore" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimToken" TEXT,
    "leaseUntil" DATETIME,
    "bookingId" INTEGER,
    "slot" TEXT,
    "sentAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "OutgoingMail_messageId_key" ON "OutgoingMail"("messageId");

-- CreateIndex
CREATE INDEX "OutgoingMail_status_notBefore_idx" ON "OutgoingMail"("status", "notBefore");

-- CreateIndex
CREATE INDEX "OutgoingMail_status_id_idx" ON "OutgoingMail"("status", "id");

-- CreateIndex
CREATE INDEX "OutgoingMail_bookingId_kind_idx" ON "OutgoingMail"("bookingId", "kind");
