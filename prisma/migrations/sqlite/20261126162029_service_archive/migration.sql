-- AlterTable
ALTER TABLE "Service" ADD COLUMN "archivedAt" DATETIME;

