-- CreateEnum
CREATE TYPE "GalleryDownloads" AS ENUM ('all', 'favourites', 'none');

-- CreateEnum
CREATE TYPE "GallerySelectionState" AS ENUM ('open', 'sent');

-- AlterEnum
ALTER TYPE "UploadPurpose" ADD VALUE 'gallery_media';

-- CreateTable
CREATE TABLE "Gallery" (
    "id" SERIAL NOT NULL,
    "title" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "bookingId" INTEGER,
    "clientName" TEXT,
    "clientEmail" TEXT,
    "expiresAt" TIMESTAMP(3),
    "pinHash" TEXT,
    "downloads" "GalleryDownloads" NOT NULL DEFAULT 'all',
    "selectionLimit" INTEGER,
    "selectionState" "GallerySelectionState" NOT NULL DEFAULT 'open',
    "selectionSentAt" TIMESTAMP(3),
    "coverItemId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Gallery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GallerySet" (
    "id" SERIAL NOT NULL,
    "galleryId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "GallerySet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GalleryItem" (
    "id" SERIAL NOT NULL,
    "galleryId" INTEGER NOT NULL,
    "setId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "uploadId" TEXT NOT NULL,
    "favourite" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GalleryItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GalleryEvent" (
    "id" SERIAL NOT NULL,
    "galleryId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GalleryEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Gallery_tokenHash_key" ON "Gallery"("tokenHash");

-- CreateIndex
CREATE INDEX "Gallery_bookingId_idx" ON "Gallery"("bookingId");

-- CreateIndex
CREATE INDEX "Gallery_createdAt_idx" ON "Gallery"("createdAt");

-- CreateIndex
CREATE INDEX "GallerySet_galleryId_position_idx" ON "GallerySet"("galleryId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "GalleryItem_uploadId_key" ON "GalleryItem"("uploadId");

-- CreateIndex
CREATE INDEX "GalleryItem_setId_position_idx" ON "GalleryItem"("setId", "position");

-- CreateIndex
CREATE INDEX "GalleryItem_galleryId_favourite_idx" ON "GalleryItem"("galleryId", "favourite");

-- CreateIndex
CREATE INDEX "GalleryEvent_galleryId_id_idx" ON "GalleryEvent"("galleryId", "id");

-- AddForeignKey
ALTER TABLE "Gallery" ADD CONSTRAINT "Gallery_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GallerySet" ADD CONSTRAINT "GallerySet_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_setId_fkey" FOREIGN KEY ("setId") REFERENCES "GallerySet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryItem" ADD CONSTRAINT "GalleryItem_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GalleryEvent" ADD CONSTRAINT "GalleryEvent_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

