-- A cancelled session of several days keeps the days it held (issue 27): its holds, which named them, are let
-- go when it is cancelled, and the client's page and the back office still list every day.
-- AlterTable
ALTER TABLE "Booking" ADD COLUMN "heldDays" TEXT;

