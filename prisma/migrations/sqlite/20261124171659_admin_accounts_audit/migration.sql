-- AlterTable
ALTER TABLE "AdminUser" ADD COLUMN "lastSignInAt" DATETIME;

-- AlterTable
ALTER TABLE "InviteCode" ADD COLUMN "revokedAt" DATETIME;

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" INTEGER,
    "actorName" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT,
    "action" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB
);

-- CreateTable
CREATE TABLE "PasswordReset" (
    "tokenHash" TEXT NOT NULL PRIMARY KEY,
    "userId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "AuditEntry_actorId_id_idx" ON "AuditEntry"("actorId", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_entity_id_idx" ON "AuditEntry"("entity", "id");

-- CreateIndex
CREATE INDEX "AuditEntry_createdAt_idx" ON "AuditEntry"("createdAt");

-- CreateIndex
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");


-- Hand-written: the audit trail is append-only, whatever tries to change it.
CREATE TRIGGER "AuditEntry_no_update" BEFORE UPDATE ON "AuditEntry" BEGIN
    SELECT RAISE(ABORT, 'audit entries cannot be changed');
END;

CREATE TRIGGER "AuditEntry_no_delete" BEFORE DELETE ON "AuditEntry" BEGIN
    SELECT RAISE(ABORT, 'audit entries cannot be deleted');
END;
