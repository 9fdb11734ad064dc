-- Hand-written (issue 27): the counts and live events of new and deleted bookings, once per statement rather than
-- once per row. A burst of bookings is written by one statement (bookings/insert.ts), and per row each booking paid
-- for a PL/pgSQL call and two counter updates (five bookings: ten new versions of the same counter rows, each
-- taken under lock until the commit); now a statement pays one update per counter it changes. A change of
-- status or of the attached upload stays per row (it is one booking at a time).

-- Still one UPDATE per counter in key order, so transactions take the counter rows' locks in the same order.
CREATE FUNCTION "booking_count_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    counter TEXT;
    delta INTEGER;
BEGIN
    IF TG_OP = 'INSERT' THEN
        FOR counter, delta IN
            SELECT c.key, SUM(c.n)::INTEGER
            FROM (
                SELECT 'total' AS key, COUNT(*) AS n FROM new_rows
                UNION ALL SELECT b."status"::TEXT, COUNT(*) FROM new_rows b GROUP BY b."status"
                UNION ALL SELECT 'withProof', COUNT(*) FROM new_rows b WHERE b."uploadId" IS NOT NULL
            ) AS c
            GROUP BY c.key
            HAVING SUM(c.n) <> 0
            ORDER BY c.key
        LOOP
            UPDATE "BookingCount" SET "n" = "n" + delta WHERE "key" = counter;
        END LOOP;
    ELSE
        FOR counter, delta IN
            SELECT c.key, SUM(c.n)::INTEGER
            FROM (
                SELECT 'total' AS key, COUNT(*) AS n FROM old_rows
                UNION ALL SELECT b."status"::TEXT, COUNT(*) FROM old_rows b GROUP BY b."status"
                UNION ALL SELECT 'withProof', COUNT(*) FROM old_rows b WHERE b."uploadId" IS NOT NULL
            ) AS c
            GROUP BY c.key
            HAVING SUM(c.n) <> 0
            ORDER BY c.key
        LOOP
            UPDATE "BookingCount" SET "n" = "n" - delta WHERE "key" = counter;
        END LOOP;
    END IF;
    RETURN NULL;
END;
$$;

-- One event per booking, in the order of their ids, as the row trigger wrote them.
CREATE FUNCTION "booking_live_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO "LiveEvent" ("type", "entityId", "status")
        SELECT 'booking.created', b."id", b."status"::TEXT FROM new_rows b ORDER BY b."id";
    ELSE
        INSERT INTO "LiveEvent" ("type", "entityId", "status")
        SELECT 'booking.deleted', b."id", b."status"::TEXT FROM old_rows b ORDER BY b."id";
    END IF;
    RETURN NULL;
END;
$$;

DROP TRIGGER "Booking_count_insert_delete" ON "Booking";
DROP TRIGGER "Booking_live_insert_delete" ON "Booking";

-- A trigger with transition tables fires on one kind of event only: one for inserts, one for deletes.
CREATE TRIGGER "Booking_count_insert" AFTER INSERT ON "Booking"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_count_rows"();
CREATE TRIGGER "Booking_count_delete" AFTER DELETE ON "Booking"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_count_rows"();
CREATE TRIGGER "Booking_live_insert" AFTER INSERT ON "Booking"
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_live_rows"();
CREATE TRIGGER "Booking_live_delete" AFTER DELETE ON "Booking"
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "booking_live_rows"();
