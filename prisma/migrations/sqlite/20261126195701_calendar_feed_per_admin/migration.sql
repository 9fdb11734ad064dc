-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CalendarFeed" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tokenHash" TEXT NOT NULL,
    "nonce" TEXT NOT NULL,
    "adminId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CalendarFeed_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The studio-wide feed becomes the feed of the admin who made it (while that admin exists); one per admin.
INSERT INTO "new_CalendarFeed" ("createdAt", "id", "nonce", "tokenHash", "adminId")
SELECT "createdAt", "id", "nonce", "tokenHash", "createdBy" FROM "CalendarFeed"
WHERE "createdBy" IN (SELECT "id" FROM "AdminUser")
  AND "id" IN (SELECT MAX("id") FROM "CalendarFeed" GROUP BY "createdBy");
DROP TABLE "CalendarFeed";
ALTER TABLE "new_CalendarFeed" RENAME TO "CalendarFeed";
CREATE UNIQUE INDEX "CalendarFeed_tokenHash_key" ON "CalendarFeed"("tokenHash");
CREATE UNIQUE INDEX "CalendarFeed_adminId_key" ON "CalendarFeed"("adminId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

