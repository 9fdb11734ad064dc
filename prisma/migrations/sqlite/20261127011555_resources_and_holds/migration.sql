-- CreateTable
CREATE TABLE "Equipment" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ServiceEquipment" (
    "serviceId" INTEGER NOT NULL,
    "equipmentId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,

    PRIMARY KEY ("serviceId", "equipmentId"),
    CONSTRAINT "ServiceEquipment_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ServiceEquipment_equipmentId_fkey" FOREIGN KEY ("equipmentId") REFERENCES "Equipment" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ResourceHold" (
    "resource" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "bookingId" INTEGER NOT NULL,

    PRIMARY KEY ("resource", "unit", "seat"),
    CONSTRAINT "ResourceHold_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Equipment_name_key" ON "Equipment"("name");

-- CreateIndex
CREATE INDEX "ServiceEquipment_equipmentId_idx" ON "ServiceEquipment"("equipmentId");

-- CreateIndex
CREATE INDEX "ResourceHold_bookingId_idx" ON "ResourceHold"("bookingId");


-- Data: bookings that hold their slot now hold their crew for the session's half-hour units (the service's
-- minutes and buffers; 60 minutes when the service is gone), from two days back on (earlier ones are over and
-- never judged again). Bookings that overlapped before ranges existed keep their place: seats past the crew
-- count, like bookings above a lowered capacity.
WITH RECURSIVE "span" ("id", "date", "m", "stop") AS (
  SELECT b."id", b."date",
         ((CAST(substr(b."time", 1, 2) AS INTEGER) * 60 + CAST(substr(b."time", 4, 2) AS INTEGER)
           - COALESCE(s."bufferBeforeMinutes", 0)) / 30) * 30,
         CAST(substr(b."time", 1, 2) AS INTEGER) * 60 + CAST(substr(b."time", 4, 2) AS INTEGER)
           + COALESCE(s."durationMinutes", 60) + COALESCE(s."bufferAfterMinutes", 0)
  FROM "Booking" b
  LEFT JOIN "Service" s ON s."id" = b."serviceId"
  WHERE b."slotKey" IS NOT NULL AND b."date" >= date('now', '-2 day')
  UNION ALL
  SELECT "id", "date", "m" + 30, "stop" FROM "span" WHERE "m" + 30 < "stop"
)
INSERT INTO "ResourceHold" ("resource", "unit", "seat", "bookingId")
SELECT 'crew', "date" || ' ' || printf('%02d:%02d', "m" / 60, "m" % 60),
       ROW_NUMBER() OVER (PARTITION BY "date", "m" ORDER BY "id"), "id"
FROM "span"
WHERE "m" >= 0 AND "m" < 1440;
