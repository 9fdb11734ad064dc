-- CreateTable
CREATE TABLE "Equipment" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Equipment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceEquipment" (
    "serviceId" INTEGER NOT NULL,
    "equipmentId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ServiceEquipment_pkey" PRIMARY KEY ("serviceId","equipmentId")
);

-- CreateTable
CREATE TABLE "ResourceHold" (
    "resource" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "bookingId" INTEGER NOT NULL,

    CONSTRAINT "ResourceHold_pkey" PRIMARY KEY ("resource","unit","seat")
);

-- CreateIndex
CREATE UNIQUE INDEX "Equipment_name_key" ON "Equipment"("name");

-- CreateIndex
CREATE INDEX "ServiceEquipment_equipmentId_idx" ON "ServiceEquipment"("equipmentId");

-- CreateIndex
CREATE INDEX "ResourceHold_bookingId_idx" ON "ResourceHold"("bookingId");

-- AddForeignKey
ALTER TABLE "ServiceEquipment" ADD CONSTRAINT "ServiceEquipment_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "Service"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceEquipment" ADD CONSTRAINT "ServiceEquipment_equipmentId_fkey" FOREIGN KEY ("equipmentId") REFERENCES "Equipment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ResourceHold" ADD CONSTRAINT "ResourceHold_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Data: bookings that hold their slot now hold their crew for the session's half-hour units (the service's
-- minutes and buffers; 60 minutes when the service is gone), from two days back on (earlier ones are over and
-- never judged again). Bookings that overlapped before ranges existed keep their place: seats past the crew
-- count, like bookings above a lowered capacity.
INSERT INTO "ResourceHold" ("resource", "unit", "seat", "bookingId")
SELECT 'crew', u."unit", ROW_NUMBER() OVER (PARTITION BY u."unit" ORDER BY u."id"), u."id"
FROM (
  SELECT b."id",
         b."date" || ' ' || lpad((g.m / 60)::text, 2, '0') || ':' || lpad((g.m % 60)::text, 2, '0') AS "unit"
  FROM "Booking" b
  LEFT JOIN "Service" s ON s."id" = b."serviceId"
  CROSS JOIN LATERAL (
    SELECT split_part(b."time", ':', 1)::int * 60 + split_part(b."time", ':', 2)::int AS "start"
  ) t
  CROSS JOIN LATERAL generate_series(
    (floor((t."start" - COALESCE(s."bufferBeforeMinutes", 0)) / 30.0) * 30)::int,
    t."start" + COALESCE(s."durationMinutes", 60) + COALESCE(s."bufferAfterMinutes", 0) - 1,
    30
  ) AS g(m)
  WHERE b."slotKey" IS NOT NULL
    AND b."date" >= to_char(CURRENT_DATE - 2, 'YYYY-MM-DD')
    AND g.m >= 0 AND g.m < 1440
) u;
