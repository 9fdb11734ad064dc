-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Gallery" (
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
    "watermarkProofs" BOOLEAN NOT NULL DEFAULT false,
    "keepExif" BOOLEAN NOT NULL DEFAULT false,
    "selectionState" TEXT NOT NULL DEFAULT 'open',
    "selectionSentAt" DATETIME,
    "coverItemId" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Gallery_bookingId_fkey" FOREIGN KEY ("bookingId") REFERENCES "Booking" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Gallery" ("bookingId", "clientEmail", "clientName", "coverItemId", "createdAt", "downloads", "expiresAt", "id", "nonce", "pinHash", "selectionLimit", "selectionSentAt", "selectionState", "title", "tokenHash", "updatedAt") SELECT "bookingId", "clientEmail", "clientName", "coverItemId", "createdAt", "downloads", "expiresAt", "id", "nonce", "pinHash", "selectionLimit", "selectionSentAt", "selectionState", "title", "tokenHash", "updatedAt" FROM "Gallery";
DROP TABLE "Gallery";
ALTER TABLE "new_Gallery" RENAME TO "Gallery";
CREATE UNIQUE INDEX "Gallery_tokenHash_key" ON "Gallery"("tokenHash");
CREATE INDEX "Gallery_bookingId_idx" ON "Gallery"("bookingId");
CREATE INDEX "Gallery_createdAt_idx" ON "Gallery"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

