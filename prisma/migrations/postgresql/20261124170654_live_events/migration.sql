-- CreateTable
CREATE TABLE "LiveEvent" (
    "id" SERIAL NOT NULL,
    "type" TEXT NOT NULL,
    "entityId" INTEGER NOT NULL,
    "status" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LiveEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LiveEvent_createdAt_idx" ON "LiveEvent"("createdAt");


-- Hand-written: every write to bookings and contact messages leaves an event, whatever makes it (domain, seed,
-- restore, SQL by hand), in the same transaction as the write.
CREATE FUNCTION "live_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_TABLE_NAME = 'ContactMessage' THEN
        INSERT INTO "LiveEvent" ("type", "entityId") VALUES ('contact.created', NEW."id");
    ELSIF TG_OP = 'INSERT' THEN
        INSERT INTO "LiveEvent" ("type", "entityId", "status") VALUES ('booking.created', NEW."id", NEW."status"::TEXT);
    ELSIF TG_OP = 'UPDATE' THEN
        INSERT INTO "LiveEvent" ("type", "entityId", "status") VALUES ('booking.updated', NEW."id", NEW."status"::TEXT);
    ELSE
        INSERT INTO "LiveEvent" ("type", "entityId", "status") VALUES ('booking.deleted', OLD."id", OLD."status"::TEXT);
    END IF;
    RETURN NULL;
END;
$$;

CREATE TRIGGER "Booking_live_insert_delete" AFTER INSERT OR DELETE ON "Booking"
    FOR EACH ROW EXECUTE FUNCTION "live_event"();
CREATE TRIGGER "Booking_live_update" AFTER UPDATE OF "status" ON "Booking"
    FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "live_event"();
CREATE TRIGGER "ContactMessage_live_insert" AFTER INSERT ON "ContactMessage"
    FOR EACH ROW EXECUTE FUNCTION "live_event"();
