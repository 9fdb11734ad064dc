-- AlterTable
ALTER TABLE "Service" ADD COLUMN     "archivedAt" TIMESTAMP(3);

