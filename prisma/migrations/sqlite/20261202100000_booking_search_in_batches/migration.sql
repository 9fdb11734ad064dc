-- Hand-written (SQLite only; issue 27, ADR 025): new bookings enter the search index in batches, not one
-- transaction at a time. FTS5 writes a segment of its own for every transaction that adds to the index, and merges
-- segments as they pile up: 48 % of SQLite's part of a new booking (248 µs, 128 µs without the index) on a copy of
-- the 1,000,000-booking bench database. "BookingSearchMark" holds the last booking id the index holds; the bookings
-- above it are added together (packages/db/src/booking-search.ts): by the write that leaves a backlog of a batch,
-- and before any search, so a search still finds every booking. A change or deletion of a booking above the mark
-- leaves the index alone (the batch adds the booking as it is then): FTS5 told to delete what it never held would
-- corrupt the index. Ids only grow (AUTOINCREMENT), so no booking is added below the mark.
CREATE TABLE "BookingSearchMark" (
    "id" INTEGER NOT NULL PRIMARY KEY CHECK ("id" = 1),
    "indexedUpTo" INTEGER NOT NULL
);
INSERT INTO "BookingSearchMark" ("id", "indexedUpTo") SELECT 1, COALESCE(MAX("id"), 0) FROM "Booking";

DROP TRIGGER "Booking_search_insert";
DROP TRIGGER "Booking_search_delete";
DROP TRIGGER "Booking_search_update";

CREATE TRIGGER "Booking_search_delete" AFTER DELETE ON "Booking"
WHEN OLD."id" <= (SELECT "indexedUpTo" FROM "BookingSearchMark")
BEGIN
    INSERT INTO "BookingSearch" ("BookingSearch", "rowid", "name", "email", "phone")
    VALUES ('delete', OLD."id", OLD."name", OLD."email", OLD."phone");
END;

CREATE TRIGGER "Booking_search_update" AFTER UPDATE OF "id", "name", "email", "phone" ON "Booking"
WHEN OLD."id" <= (SELECT "indexedUpTo" FROM "BookingSearchMark")
BEGIN
    INSERT INTO "BookingSearch" ("BookingSearch", "rowid", "name", "email", "phone")
    VALUES ('delete', OLD."id", OLD."name", OLD."email", OLD."phone");
    INSERT INTO "BookingSearch" ("rowid", "name", "email", "phone")
    VALUES (NEW."id", NEW."name", NEW."email", NEW."phone");
END;
