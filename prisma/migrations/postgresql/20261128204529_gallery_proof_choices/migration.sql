-- AlterTable
ALTER TABLE "Gallery" ADD COLUMN     "keepExif" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "watermarkProofs" BOOLEAN NOT NULL DEFAULT false;

