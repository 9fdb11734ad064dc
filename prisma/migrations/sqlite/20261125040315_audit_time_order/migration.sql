-- The Activity page lists audit entries newest first by time, then id (listAudit), so every filter reads one
-- index range in order instead of sorting a date range whole (pnpm bench:activity, 1,000,000 entries).
-- Hand-written: the models keep their original indexes, and these stay out of Prisma's schema diff.
CREATE INDEX "AuditEntry_createdAt_id_idx" ON "AuditEntry"("createdAt", "id");
CREATE INDEX "AuditEntry_actorId_createdAt_id_idx" ON "AuditEntry"("actorId", "createdAt", "id");
CREATE INDEX "AuditEntry_entity_createdAt_id_idx" ON "AuditEntry"("entity", "createdAt", "id");
