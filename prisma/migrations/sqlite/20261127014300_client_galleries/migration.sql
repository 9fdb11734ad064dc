-- CreateTable
CREATE TABLE "Gallery" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "bookingId" INTEGER,
    "clientName" TEXT,
    "clientEmail" TEXT,
    "expiresAt" DATETIME,
    "pinHash" TEXT,
    "downloads" TEXT NOT NULL DEFAULT 'all',
    "selectionLimit" INTEGER,
    "selectionState" TEXT NOT NULL DEFAULT 'open',
    "selectionSentAt" DATETIME,
    "coverItemId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Gallery_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GallerySet" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "galleryId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "GallerySet_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GalleryItem" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "galleryId" INTEGER NOT NULL,
    "setId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "uploadId" TEXT NOT NULL,
    "favourite" BOOLEAN NOT NULL DEFAULT false,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GalleryItem_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GalleryItem_setId_fkey" FOREIGN KEY ("setId") REFERENCES "GallerySet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "GalleryItem_uploadId_fkey" FOREIGN KEY ("uploadId") REFERENCES "Upload" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "GalleryEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "galleryId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "GalleryEvent_galleryId_fkey" FOREIGN KEY ("galleryId") REFERENCES "Gallery" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

