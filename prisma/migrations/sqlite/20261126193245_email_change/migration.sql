-- CreateTable
CREATE TABLE "EmailChange" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "userId" INTEGER NOT NULL,
    "oldEmail" TEXT NOT NULL,
    "newEmail" TEXT NOT NULL,
    "confirmHash" TEXT NOT NULL,
    "undoHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmExpiresAt" DATETIME NOT NULL,
    "undoExpiresAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    "undoneAt" DATETIME,
    "cancelledAt" DATETIME,
    CONSTRAINT "EmailChange_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_confirmHash_key" ON "EmailChange"("confirmHash");

-- CreateIndex
CREATE UNIQUE INDEX "EmailChange_undoHash_key" ON "EmailChange"("undoHash");

-- CreateIndex
CREATE INDEX "EmailChange_userId_idx" ON "EmailChange"("userId");

