-- AlterTable
ALTER TABLE "automation_runs" ADD COLUMN     "queuedAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "automation_runs_companyId_status_queuedAt_fireAt_idx" ON "automation_runs"("companyId", "status", "queuedAt", "fireAt");
