-- CreateTable
CREATE TABLE "visit_files" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "jobId" UUID NOT NULL,
    "visitId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "takenByUserId" UUID NOT NULL,
    "takenAt" TIMESTAMP(3) NOT NULL,
    "contentType" TEXT NOT NULL,
    "byteSize" INTEGER NOT NULL,
    "receivedBytes" INTEGER NOT NULL DEFAULT 0,
    "storageKey" TEXT NOT NULL,
    "signerName" TEXT,
    "idempotencyKey" TEXT NOT NULL,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "visit_files_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "visit_files_jobId_idx" ON "visit_files"("jobId");

-- CreateIndex
CREATE INDEX "visit_files_visitId_idx" ON "visit_files"("visitId");

-- CreateIndex
CREATE UNIQUE INDEX "visit_files_companyId_takenByUserId_idempotencyKey_key" ON "visit_files"("companyId", "takenByUserId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "visit_files" ADD CONSTRAINT "visit_files_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visit_files" ADD CONSTRAINT "visit_files_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visit_files" ADD CONSTRAINT "visit_files_visitId_fkey" FOREIGN KEY ("visitId") REFERENCES "visits"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON visit_files TO fieldops_app;
ALTER TABLE visit_files ENABLE ROW LEVEL SECURITY;
ALTER TABLE visit_files FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON visit_files USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
