-- Hand-written (PostgreSQL only): the admin search, ILIKE '%text%' over name, e-mail and phone, reads trigram
-- indexes instead of every booking. pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner
-- may create it; where it cannot be created, the search keeps working by reading rows and start-up goes on.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
    RAISE NOTICE 'pg_trgm is not available: the bookings search will read every row';
END;
$$;

DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
        CREATE INDEX IF NOT EXISTS "Booking_name_trgm_idx" ON "Booking" USING gin ("name" gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS "Booking_email_trgm_idx" ON "Booking" USING gin ("email" gin_trgm_ops);
        CREATE INDEX IF NOT EXISTS "Booking_phone_trgm_idx" ON "Booking" USING gin ("phone" gin_trgm_ops);
    END IF;
END;
$$;
