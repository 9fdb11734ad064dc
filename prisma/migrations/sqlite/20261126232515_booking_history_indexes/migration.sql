-- CreateIndex
CREATE INDEX "AuditEntry_entity_entityId_id_idx" ON "AuditEntry"("entity", "entityId", "id");

-- CreateIndex
CREATE INDEX "Booking_email_id_idx" ON "Booking"("email", "id");

