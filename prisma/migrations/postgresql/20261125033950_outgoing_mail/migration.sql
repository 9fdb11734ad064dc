-- CreateTable
CREATE TABLE "OutgoingMail" (
    "id" SERIAL NOT NULL,
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
    "notBefore" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimToken" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "bookingId" INTEGER,
    "slot" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OutgoingMail_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "OutgoingMail_messageId_key" ON "OutgoingMail"("messageId");

-- CreateIndex
CREATE INDEX "OutgoingMail_status_notBefore_idx" ON "OutgoingMail"("status", "notBefore");

-- CreateIndex
CREATE INDEX "OutgoingMail_status_id_idx" ON "OutgoingMail"("status", "id");

-- CreateIndex
CREATE INDEX "OutgoingMail_bookingId_kind_idx" ON "OutgoingMail"("bookingId", "kind");
