-- CreateTable
CREATE TABLE "StudioSchedule" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "monday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "tuesday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "wednesday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "thursday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "friday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "saturday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "sunday" TEXT NOT NULL DEFAULT '09:00-17:00',
    "noticeHours" INTEGER NOT NULL DEFAULT 0,
    "horizonDays" INTEGER,
    "capacity" INTEGER NOT NULL DEFAULT 1,
    "timeZone" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudioSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Closure" (
    "id" SERIAL NOT NULL,
    "startDate" TEXT NOT NULL,
    "endDate" TEXT NOT NULL,
    "reason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Closure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Closure_endDate_startDate_idx" ON "Closure"("endDate", "startDate");

-- The one row of booking rules, with the defaults (the rules from before they were editable).
INSERT INTO "StudioSchedule" ("id") VALUES (1);
