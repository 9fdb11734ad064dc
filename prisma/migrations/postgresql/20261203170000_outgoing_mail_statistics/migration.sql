-- Hand-written (issue 27): PostgreSQL keeps planner statistics only for the outbox's columns that its queries
-- filter or sort on (id, kind, status, notBefore, leaseUntil, bookingId, claimToken). The others hold what a
-- message says (recipients, subject, content, invite, HTML, text, sealed links, headers) or when it was written
-- and sent, and no query is planned on them; their statistics were most of what analyzing the table cost. The
-- server analyzes a table whenever it has grown by a tenth (ADR 024), and the outbox grows by two messages a
-- booking: during a burst of bookings that was an analysis of the outbox every few seconds, about 290 ms each at
-- 18,000 messages, on the database's CPU. SQLite keeps no statistics the server asks for.
ALTER TABLE "OutgoingMail"
    ALTER COLUMN "recipients" SET STATISTICS 0,
    ALTER COLUMN "replyTo" SET STATISTICS 0,
    ALTER COLUMN "subject" SET STATISTICS 0,
    ALTER COLUMN "html" SET STATISTICS 0,
    ALTER COLUMN "text" SET STATISTICS 0,
    ALTER COLUMN "attachments" SET STATISTICS 0,
    ALTER COLUMN "messageId" SET STATISTICS 0,
    ALTER COLUMN "inReplyTo" SET STATISTICS 0,
    ALTER COLUMN "references" SET STATISTICS 0,
    ALTER COLUMN "attempts" SET STATISTICS 0,
    ALTER COLUMN "lastError" SET STATISTICS 0,
    ALTER COLUMN "slot" SET STATISTICS 0,
    ALTER COLUMN "sentAt" SET STATISTICS 0,
    ALTER COLUMN "createdAt" SET STATISTICS 0,
    ALTER COLUMN "updatedAt" SET STATISTICS 0,
    ALTER COLUMN "content" SET STATISTICS 0,
    ALTER COLUMN "sealedLinks" SET STATISTICS 0;
