-- CreateTable
CREATE TABLE "BookingCount" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "n" INTEGER NOT NULL DEFAULT 0
);

-- Hand-written: the counts follow every insert, delete and change of status or attached upload, whatever
-- writes it (domain, seed, bulk load, restore script). "total" is its own row, so it stays exact even for
-- a status the counts do not list.
INSERT INTO "BookingCount" ("key", "n") VALUES
    ('total', 0), ('pending', 0), ('confirmed', 0), ('completed', 0), ('cancelled', 0), ('withProof', 0);
UPDATE "BookingCount" SET "n" = (SELECT COUNT(*) FROM "Booking") WHERE "key" = 'total';
UPDATE "BookingCount" SET "n" = (SELECT COUNT(*) FROM "Booking" WHERE "uploadId" IS NOT NULL) WHERE "key" = 'withProof';
UPDATE "BookingCount" SET "n" = (SELECT COUNT(*) FROM "Booking" WHERE "Booking"."status" = "BookingCount"."key")
    WHERE "key" NOT IN ('total', 'withProof');

CREATE TRIGGER "Booking_count_insert" AFTER INSERT ON "Booking" BEGIN
    UPDATE "BookingCount" SET "n" = "n" + 1
    WHERE "key" IN ('total', NEW."status") OR ("key" = 'withProof' AND NEW."uploadId" IS NOT NULL);
END;

CREATE TRIGGER "Booking_count_delete" AFTER DELETE ON "Booking" BEGIN
    UPDATE "BookingCount" SET "n" = "n" - 1
    WHERE "key" IN ('total', OLD."status") OR ("key" = 'withProof' AND OLD."uploadId" IS NOT NULL);
END;

CREATE TRIGGER "Booking_count_update" AFTER UPDATE OF "status", "uploadId" ON "Booking"
WHEN OLD."status" IS NOT NEW."status" OR (OLD."uploadId" IS NULL) <> (NEW."uploadId" IS NULL)
BEGIN
    UPDATE "BookingCount" SET "n" = "n"
        - ("key" = OLD."status")
        + ("key" = NEW."status")
        + ("key" = 'withProof') * ((NEW."uploadId" IS NOT NULL) - (OLD."uploadId" IS NOT NULL))
    WHERE "key" IN (OLD."status", NEW."status", 'withProof');
END;
