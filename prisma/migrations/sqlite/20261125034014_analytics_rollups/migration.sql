-- CreateTable
CREATE TABLE "BookingRollup" (
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "n" INTEGER NOT NULL DEFAULT 0,
    "withProof" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("kind", "key", "status")
);

-- Hand-written (ADR 008): the roll-ups follow every insert, delete and change of a counted column, whatever
-- writes it (domain, seed, bulk load, restore script, foreign-key actions), in the same transaction.
-- The UTC day a booking was made: Prisma stores DateTime as ISO-8601 text in UTC; integers (Unix ms) are
-- read too, in case a bulk load wrote them.

-- Backfill begin (the bench times these statements)
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'date', "date", '', COUNT(*), SUM("image" IS NOT NULL) FROM "Booking" GROUP BY "date";
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'created', d, '', COUNT(*), SUM(p) FROM (
    SELECT CASE typeof("createdAt") WHEN 'integer' THEN date("createdAt" / 1000, 'unixepoch')
           ELSE substr("createdAt", 1, 10) END AS d,
           "image" IS NOT NULL AS p
    FROM "Booking"
) GROUP BY d;
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'service', COALESCE(CAST("serviceId" AS TEXT), ''), "status", COUNT(*), SUM("image" IS NOT NULL)
FROM "Booking" GROUP BY 2, 3;
INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof")
SELECT 'slot', "time", "status", COUNT(*), SUM("image" IS NOT NULL) FROM "Booking" GROUP BY "time", "status";
-- Backfill end

CREATE TRIGGER "Booking_rollup_insert" AFTER INSERT ON "Booking" BEGIN
    INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof") VALUES
        ('date', NEW."date", '', 1, NEW."image" IS NOT NULL),
        ('created', CASE typeof(NEW."createdAt") WHEN 'integer' THEN date(NEW."createdAt" / 1000, 'unixepoch')
                    ELSE substr(NEW."createdAt", 1, 10) END, '', 1, NEW."image" IS NOT NULL),
        ('service', COALESCE(CAST(NEW."serviceId" AS TEXT), ''), NEW."status", 1, NEW."image" IS NOT NULL),
        ('slot', NEW."time", NEW."status", 1, NEW."image" IS NOT NULL)
    ON CONFLICT ("kind", "key", "status") DO UPDATE
        SET "n" = "n" + excluded."n", "withProof" = "withProof" + excluded."withProof";
END;

CREATE TRIGGER "Booking_rollup_delete" AFTER DELETE ON "Booking" BEGIN
    INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof") VALUES
        ('date', OLD."date", '', -1, -(OLD."image" IS NOT NULL)),
        ('created', CASE typeof(OLD."createdAt") WHEN 'integer' THEN date(OLD."createdAt" / 1000, 'unixepoch')
                    ELSE substr(OLD."createdAt", 1, 10) END, '', -1, -(OLD."image" IS NOT NULL)),
        ('service', COALESCE(CAST(OLD."serviceId" AS TEXT), ''), OLD."status", -1, -(OLD."image" IS NOT NULL)),
        ('slot', OLD."time", OLD."status", -1, -(OLD."image" IS NOT NULL))
    ON CONFLICT ("kind", "key", "status") DO UPDATE
        SET "n" = "n" + excluded."n", "withProof" = "withProof" + excluded."withProof";
END;

-- A change moves the booking out of its old rows and into its new ones (rows of the same key net out).
CREATE TRIGGER "Booking_rollup_update" AFTER UPDATE OF "date", "time", "serviceId", "status", "image", "createdAt" ON "Booking"
WHEN OLD."date" IS NOT NEW."date" OR OLD."time" IS NOT NEW."time" OR OLD."serviceId" IS NOT NEW."serviceId"
    OR OLD."status" IS NOT NEW."status" OR (OLD."image" IS NULL) <> (NEW."image" IS NULL)
    OR OLD."createdAt" IS NOT NEW."createdAt"
BEGIN
    INSERT INTO "BookingRollup" ("kind", "key", "status", "n", "withProof") VALUES
        ('date', OLD."date", '', -1, -(OLD."image" IS NOT NULL)),
        ('created', CASE typeof(OLD."createdAt") WHEN 'integer' THEN date(OLD."createdAt" / 1000, 'unixepoch')
                    ELSE substr(OLD."createdAt", 1, 10) END, '', -1, -(OLD."image" IS NOT NULL)),
        ('service', COALESCE(CAST(OLD."serviceId" AS TEXT), ''), OLD."status", -1, -(OLD."image" IS NOT NULL)),
        ('slot', OLD."time", OLD."status", -1, -(OLD."image" IS NOT NULL)),
        ('date', NEW."date", '', 1, NEW."image" IS NOT NULL),
        ('created', CASE typeof(NEW."createdAt") WHEN 'integer' THEN date(NEW."createdAt" / 1000, 'unixepoch')
                    ELSE substr(NEW."createdAt", 1, 10) END, '', 1, NEW."image" IS NOT NULL),
        ('service', COALESCE(CAST(NEW."serviceId" AS TEXT), ''), NEW."status", 1, NEW."image" IS NOT NULL),
        ('slot', NEW."time", NEW."status", 1, NEW."image" IS NOT NULL)
    ON CONFLICT ("kind", "key", "status") DO UPDATE
        SET "n" = "n" + excluded."n", "withProof" = "withProof" + excluded."withProof";
END;
