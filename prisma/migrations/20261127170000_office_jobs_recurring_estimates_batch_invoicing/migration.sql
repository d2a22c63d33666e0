-- CreateEnum
CREATE TYPE "RecurrenceFrequency" AS ENUM ('daily', 'weekly', 'every_2_weeks', 'monthly');

-- AlterTable
ALTER TABLE "estimate_options" ADD COLUMN     "recurrenceFrequency" "RecurrenceFrequency",
ADD COLUMN     "recurrenceVisits" INTEGER;

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "arrivalWindowMinutes" INTEGER;

-- AlterTable
ALTER TABLE "visits" ADD COLUMN     "invoiceId" UUID;

-- CreateIndex
CREATE INDEX "visits_companyId_completedAt_idx" ON "visits"("companyId", "completedAt");

-- CreateIndex
CREATE INDEX "visits_invoiceId_idx" ON "visits"("invoiceId");

-- AddForeignKey
ALTER TABLE "visits" ADD CONSTRAINT "visits_invoiceId_fkey" FOREIGN KEY ("invoiceId") REFERENCES "invoices"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- What live invoices bill already: the visits their lines name, then the completed visits of jobs billed whole.
UPDATE visits v SET "invoiceId" = l."invoiceId"
FROM invoice_lines l JOIN invoices i ON i.id = l."invoiceId"
WHERE l."visitId" = v.id AND i.status <> 'void';
UPDATE visits v SET "invoiceId" = i.id
FROM invoices i
WHERE i."jobId" = v."jobId" AND i.status <> 'void' AND v.status = 'completed' AND v."invoiceId" IS NULL
  AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l."invoiceId" = i.id AND l."visitId" IS NOT NULL);
