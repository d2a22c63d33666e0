-- CreateIndex
CREATE INDEX "visits_companyId_status_scheduledEnd_idx" ON "visits"("companyId", "status", "scheduledEnd");
