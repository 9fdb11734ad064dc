-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "LoginThrottle";
PRAGMA foreign_keys=on;

-- CreateTable
CREATE TABLE "RateLimitCounter" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL,
    "expire" DATETIME
);

-- CreateIndex
CREATE INDEX "RateLimitCounter_expire_idx" ON "RateLimitCounter"("expire");

