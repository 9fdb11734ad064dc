-- The studio-wide feed becomes the feed of the admin who made it (while that admin exists); one per admin.
ALTER TABLE "CalendarFeed" ADD COLUMN "adminId" INTEGER;
UPDATE "CalendarFeed" SET "adminId" = "createdBy";
DELETE FROM "CalendarFeed" WHERE "adminId" IS NULL OR "adminId" NOT IN (SELECT "id" FROM "AdminUser");
DELETE FROM "CalendarFeed" a USING "CalendarFeed" b WHERE a."adminId" = b."adminId" AND a."id" < b."id";
ALTER TABLE "CalendarFeed" DROP COLUMN "createdBy",
ALTER COLUMN "adminId" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "CalendarFeed_adminId_key" ON "CalendarFeed"("adminId");

-- AddForeignKey
ALTER TABLE "CalendarFeed" ADD CONSTRAINT "CalendarFeed_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "AdminUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;
