-- CreateTable
CREATE TABLE "LiveEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "type" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "status" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "LiveEvent_createdAt_idx" ON "LiveEvent"("createdAt");


-- Hand-written: every write to bookings and contact messages leaves an event, whatever makes it (domain, seed,
-- restore, SQL by hand), in the same statement as the write.
CREATE TRIGGER "Booking_live_insert" AFTER INSERT ON "Booking" BEGIN
    INSERT INTO "LiveEvent" ("type", "entityId", "status") VALUES ('booking.created', NEW."id", NEW."status");
END;

CREATE TRIGGER "Booking_live_update" AFTER UPDATE OF "status" ON "Booking"
WHEN OLD."status" IS NOT NEW."status"
BEGIN
    INSERT INTO "LiveEvent" ("type", "entityId", "status") VALUES ('booking.updated', NEW."id", NEW."status");
END;

CREATE TRIGGER "Booking_live_delete" AFTER DELETE ON "Booking" BEGIN
    INSERT INTO "LiveEvent" ("type", "entityId", "status") VALUES ('booking.deleted', OLD."id", OLD."status");
END;

CREATE TRIGGER "ContactMessage_live_insert" AFTER INSERT ON "ContactMessage" BEGIN
    INSERT INTO "LiveEvent" ("type", "entityId") VALUES ('contact.created', NEW."id");
END;
