-- Hand-written (issue 27): the counts and live events of new bookings, once per statement rather than once per
-- row. A burst of bookings is written by one statement (bookings/insert.ts), and per row each booking paid for a
-- PL/pgSQL call and two counter updates (five bookings: ten new versions of the same counter rows, each taken under
-- lock until the commit); now a statement pays one update per counter. Deletes and changes of status or upload
-- stay per row (they come one booking at a time), with the functions of migrations booking_counts and live_events.

CREATE FUNCTION "booking_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    counter TEXT;
    delta INTEGER;
BEGIN
    -- One UPDATE per counter in key order, as booking_count_change: two transactions take the counter rows' locks
    -- in the same order, so they wait for each other instead of deadlocking.
    FOR counter, delta IN
        SELECT d.key, d.n::INTEGER FROM (
            SELECT 'total' AS key, COUNT(*) AS n FROM new_rows
            UNION ALL SELECT b."status"::TEXT, COUNT(*) FROM new_rows b GROUP BY b."status"
            UNION ALL SELECT 'withProof', COUNT(b."uploadId") FROM new_rows b
        ) AS d WHERE d.n <> 0 ORDER BY d.key
    LOOP
        UPDATE "BookingCount" SET "n" = "n" + delta WHERE "key" = counter;
    END LOOP;
    RETURN NULL;
END;
$$;

-- One event per booking, in the order of their ids, as the row trigger wrote them.
CREATE FUNCTION "booking_live_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "LiveEvent" ("type", "entityId", "status")
    SELECT 'booking.created', b."id", b."status"::TEXT FROM new_rows b ORDER BY b."id";
    RETURN NULL;
END;
$$;

DROP TRIGGER "Booking_count_insert_delete" ON "Booking";
DROP TRIGGER "Booking_live_insert_delete" ON "Booking";

CREATE TRIGGER "Booking_count_insert" AFTER INSERT ON "Booking"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_count_inserted"();
CREATE TRIGGER "Booking_count_delete" AFTER DELETE ON "Booking"
    FOR EACH ROW EXECUTE FUNCTION "booking_count_change"();
CREATE TRIGGER "Booking_live_insert" AFTER INSERT ON "Booking"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_live_inserted"();
CREATE TRIGGER "Booking_live_delete" AFTER DELETE ON "Booking"
    FOR EACH ROW EXECUTE FUNCTION "live_event"();
