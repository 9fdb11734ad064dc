-- Hand-written (issue 27): the holds of a resource's second and later seats, which only overlapping sessions take.
-- A month view asks only which units are full; a unit held more than n times (n >= 1) holds a seat above n, as its
-- holds take distinct seats from 1 up, so the units to count are found here rather than by counting every held
-- unit of the month (bookings/held-units.ts). Prisma's schema language cannot state a partial index.
CREATE INDEX "ResourceHold_shared_seats_idx" ON "ResourceHold"("resource", "unit", "seat") WHERE "seat" > 1;
