-- Hand-written (issue 27): an e-mail's stored content and its invite (and, once rendered, its HTML and text) are
-- compressed with lz4 instead of PostgreSQL's default pglz. A new booking writes its client's message in the same
-- statement as the booking, and that row is just over the size where PostgreSQL compresses it: pglz was about 5 %
-- of PostgreSQL's CPU per booking, for want of a quarter saved. lz4 is several times cheaper (content 1,459 ->
-- 1,191 bytes); a row still past the limit keeps its content out of line, as before (ADR 022). Only values
-- written from now on use it; those stored stay as they are, and both read the same.
-- A server built without lz4 keeps pglz: its settings do not offer the method.
DO $$
BEGIN
    IF EXISTS (
        SELECT 1 FROM pg_settings WHERE "name" = 'default_toast_compression' AND 'lz4' = ANY("enumvals")
    ) THEN
        ALTER TABLE "OutgoingMail"
            ALTER COLUMN "content" SET COMPRESSION lz4,
            ALTER COLUMN "attachments" SET COMPRESSION lz4,
            ALTER COLUMN "html" SET COMPRESSION lz4,
            ALTER COLUMN "text" SET COMPRESSION lz4;
    END IF;
END;
$$;
