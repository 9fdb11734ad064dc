-- CreateTable
CREATE TABLE "BookingRollup" (
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "withProof" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BookingRollup_pkey" PRIMARY KEY ("kind","key","status")
);

-- Hand-written (ADR 008): the roll-ups follow every insert, delete and change of a counted column, whatever
-- writes it (domain, seed, bulk load, restore script, foreign-key actions), in the same transaction.

-- Backfill begin (the bench times these statements)
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'date', "date", '', COUNT(*), COUNT("image") FROM "Booking" GROUP BY "date";
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'created', to_char("createdAt", 'YYYY-MM-DD'), '', COUNT(*), COUNT("image") FROM "Booking" GROUP BY 2;
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'service', COALESCE("serviceId"::TEXT, ''), "status"::TEXT, COUNT(*), COUNT("image")
FROM "Booking" GROUP BY 2, 3;
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'slot', "time", "status"::TEXT, COUNT(*), COUNT("image") FROM "Booking" GROUP BY 2, 3;
-- Backfill end

-- The rows one booking counts in, with its sign (+1 entering, -1 leaving).
CREATE FUNCTION "booking_rollup_rows"(b "Booking", sign INTEGER)
RETURNS TABLE ("kind" TEXT, "key" TEXT, "status" TEXT, "n" INTEGER, "withProof" INTEGER)
LANGUAGE sql STABLE AS $$
    VALUES
        ('date', b."date", '', sign, sign * (b."image" IS NOT NULL)::INTEGER),
        ('created', to_char(b."createdAt", 'YYYY-MM-DD'), '', sign, sign * (b."image" IS NOT NULL)::INTEGER),
        ('service', COALESCE(b."serviceId"::TEXT, ''), b."status"::TEXT, sign, sign * (b."image" IS NOT NULL)::INTEGER),
        ('slot', b."time", b."status"::TEXT, sign, sign * (b."image" IS NOT NULL)::INTEGER)
$$;

-- One statement-level trigger per kind of write, reading the statement's transition tables: a bulk insert
-- of thousands of bookings writes each roll-up row once. The deltas are summed per row (a change that keeps
-- a booking in a row nets out and writes nothing) and written in key order, so two transactions always take
-- the roll-up rows' locks in the same order (no deadlock).
CREATE FUNCTION "booking_rollup_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "BookingRollup" AS r ("kind", "key", "status", "n", "withProof")
        SELECT d."kind", d."key", d."status", SUM(d."n"), SUM(d."withProof")
        FROM new_rows b CROSS JOIN LATERAL "booking_rollup_rows"(b, 1) d
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT ("kind", "key", "status") DO UPDATE
            SET "n" = r."n" + EXCLUDED."n", "withProof" = r."withProof" + EXCLUDED."withProof";
    ELSIF TG_OP = 'DELETE' THEN
        INSERT INTO "BookingRollup" AS r ("kind", "key", "status", "n", "withProof")
        SELECT d."kind", d."key", d."status", SUM(d."n"), SUM(d."withProof")
        FROM old_rows b CROSS JOIN LATERAL "booking_rollup_rows"(b, -1) d
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT ("kind", "key", "status") DO UPDATE
            SET "n" = r."n" + EXCLUDED."n", "withProof" = r."withProof" + EXCLUDED."withProof";
    ELSE
        INSERT INTO "BookingRollup" AS r ("kind", "key", "status", "n", "withProof")
        SELECT d."kind", d."key", d."status", SUM(d."n"), SUM(d."withProof")
        FROM (
            SELECT x.* FROM old_rows b CROSS JOIN LATERAL "booking_rollup_rows"(b, -1) x
            UNION ALL
            SELECT x.* FROM new_rows b CROSS JOIN LATERAL "booking_rollup_rows"(b, 1) x
        ) d
        GROUP BY 1, 2, 3
        HAVING SUM(d."n") <> 0 OR SUM(d."withProof") <> 0
        ORDER BY 1, 2, 3
        ON CONFLICT ("kind", "key", "status") DO UPDATE
            SET "n" = r."n" + EXCLUDED."n", "withProof" = r."withProof" + EXCLUDED."withProof";
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "Booking_rollup_insert" AFTER INSERT ON "Booking"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_rollup_change"();
CREATE TRIGGER "Booking_rollup_delete" AFTER DELETE ON "Booking"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_rollup_change"();
CREATE TRIGGER "Booking_rollup_update" AFTER UPDATE ON "Booking"
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_rollup_change"();
