-- Hand-written (PostgreSQL only): the admin search reads one trigram index over name, e-mail and phone as one
-- text instead of one index per column (20261121180000_booking_search_trigram). Every new booking entered all
-- three: three pending-list inserts into three GIN indexes, each with its own metapage update in the
-- write-ahead log, and their merges. The expression is the one the search writes (bookings/queries.ts,
-- SEARCHED_TEXT), character for character, so the planner matches it; each column is still checked for the whole
-- search on the rows the index finds. Where pg_trgm is not installed there was no index and there is none now.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS "Booking_search_trgm_idx" ON "Booking"
            USING gin (("name" || ' ' || "email" || ' ' || "phone") gin_trgm_ops);
    END IF;
END;
$$;

DROP INDEX IF EXISTS "Booking_name_trgm_idx";
DROP INDEX IF EXISTS "Booking_email_trgm_idx";
DROP INDEX IF EXISTS "Booking_phone_trgm_idx";
