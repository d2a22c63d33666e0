-- CreateIndex
CREATE INDEX "visits_companyId_crewId_createdAt_idx" ON "visits"("companyId", "crewId", "createdAt");
