-- DropIndex
DROP INDEX "visits_companyId_scheduledStart_idx";

-- CreateIndex
CREATE INDEX "visits_companyId_scheduledStart_scheduledEnd_status_crewId__idx" ON "visits"("companyId", "scheduledStart", "scheduledEnd", "status", "crewId", "durationMinutes");
