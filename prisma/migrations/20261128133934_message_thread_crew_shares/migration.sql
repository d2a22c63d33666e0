-- CreateTable
CREATE TABLE "message_thread_crew_shares" (
    "companyId" UUID NOT NULL,
    "threadId" UUID NOT NULL,
    "crewId" UUID NOT NULL,
    "sharedByUserId" UUID,
    "sharedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_thread_crew_shares_pkey" PRIMARY KEY ("threadId","crewId")
);

-- CreateTable
CREATE TABLE "message_thread_reads" (
    "companyId" UUID NOT NULL,
    "threadId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "lastReadAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "message_thread_reads_pkey" PRIMARY KEY ("userId","threadId")
);

-- CreateIndex
CREATE INDEX "message_thread_crew_shares_crewId_idx" ON "message_thread_crew_shares"("crewId");

-- CreateIndex
CREATE INDEX "message_thread_reads_threadId_idx" ON "message_thread_reads"("threadId");

-- AddForeignKey
ALTER TABLE "message_thread_crew_shares" ADD CONSTRAINT "message_thread_crew_shares_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_thread_crew_shares" ADD CONSTRAINT "message_thread_crew_shares_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "message_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_thread_crew_shares" ADD CONSTRAINT "message_thread_crew_shares_crewId_fkey" FOREIGN KEY ("crewId") REFERENCES "crews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_thread_crew_shares" ADD CONSTRAINT "message_thread_crew_shares_sharedByUserId_fkey" FOREIGN KEY ("sharedByUserId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_thread_reads" ADD CONSTRAINT "message_thread_reads_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_thread_reads" ADD CONSTRAINT "message_thread_reads_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "message_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_thread_reads" ADD CONSTRAINT "message_thread_reads_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON message_thread_crew_shares TO fieldops_app;
ALTER TABLE message_thread_crew_shares ENABLE ROW LEVEL SECURITY;
ALTER TABLE message_thread_crew_shares FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON message_thread_crew_shares USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

GRANT SELECT, INSERT, UPDATE, DELETE ON message_thread_reads TO fieldops_app;
ALTER TABLE message_thread_reads ENABLE ROW LEVEL SECURITY;
ALTER TABLE message_thread_reads FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON message_thread_reads USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
