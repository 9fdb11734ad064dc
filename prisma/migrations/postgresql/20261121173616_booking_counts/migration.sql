-- CreateTable
CREATE TABLE "BookingCount" (
    "key" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BookingCount_pkey" PRIMARY KEY ("key")
);

-- Hand-written: the counts follow every insert, delete and change of status or attached upload, whatever
-- writes it (domain, seed, bulk load, restore script). "total" is its own row.
INSERT INTO "BookingCount" ("key", "n") VALUES
    ('total', 0), ('pending', 0), ('confirmed', 0), ('completed', 0), ('cancelled', 0), ('withProof', 0);
UPDATE "BookingCount" SET "n" = (SELECT COUNT(*) FROM "Booking") WHERE "key" = 'total';
UPDATE "BookingCount" SET "n" = (SELECT COUNT(*) FROM "Booking" WHERE "uploadId" IS NOT NULL) WHERE "key" = 'withProof';
UPDATE "BookingCount" SET "n" = (SELECT COUNT(*) FROM "Booking" WHERE "Booking"."status"::text = "BookingCount"."key")
    WHERE "key" NOT IN ('total', 'withProof');

-- One UPDATE per counter, always in key order: two transactions changing bookings in opposite directions
-- (pending -> confirmed and confirmed -> pending) take the counter rows' locks in the same order, so they
-- wait for each other instead of deadlocking.
CREATE FUNCTION "booking_count_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    counter TEXT;
    delta INTEGER;
BEGIN
    FOR counter, delta IN
        SELECT c.key, SUM(c.delta)::INTEGER
        FROM (VALUES
            ('total', CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END),
            (OLD."status"::TEXT, -1),
            (NEW."status"::TEXT, 1),
            ('withProof', (NEW."uploadId" IS NOT NULL)::INTEGER - (OLD."uploadId" IS NOT NULL)::INTEGER)
        ) AS c(key, delta)
        WHERE c.key IS NOT NULL
        GROUP BY c.key
        HAVING SUM(c.delta) <> 0
        ORDER BY c.key
    LOOP
        UPDATE "BookingCount" SET "n" = "n" + delta WHERE "key" = counter;
    END LOOP;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "Booking_count_insert_delete" AFTER INSERT OR DELETE ON "Booking"
    FOR EACH ROW EXECUTE FUNCTION "booking_count_change"();

CREATE TRIGGER "Booking_count_update" AFTER UPDATE OF "status", "uploadId" ON "Booking"
    FOR EACH ROW
    WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR (OLD."uploadId" IS NULL) <> (NEW."uploadId" IS NULL))
    EXECUTE FUNCTION "booking_count_change"();
