-- AlterTable
ALTER TABLE "Service" ADD COLUMN "gallerySelectionLimit" INTEGER;

