-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "endedAt" TIMESTAMP(3),
ADD COLUMN     "impersonatedCompanyName" TEXT,
ADD COLUMN     "isImpersonation" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "parentSessionId" UUID;

-- CreateIndex
CREATE INDEX "sessions_parentSessionId_idx" ON "sessions"("parentSessionId");
