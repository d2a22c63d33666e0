-- CreateEnum
CREATE TYPE "ModuleRunStatus" AS ENUM ('queued', 'running', 'succeeded', 'failed', 'awaiting_approval', 'denied', 'expired');

-- CreateTable
CREATE TABLE "module_runs" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "moduleId" TEXT NOT NULL,
    "params" JSONB NOT NULL,
    "paramsHash" TEXT NOT NULL,
    "status" "ModuleRunStatus" NOT NULL,
    "requestedByUserId" UUID NOT NULL,
    "idempotencyKey" TEXT,
    "message" TEXT,
    "error" TEXT,
    "result" JSONB,
    "undo" JSONB,
    "undoneAt" TIMESTAMP(3),
    "output" TEXT,
    "expiresAt" TIMESTAMP(3),
    "decidedByUserId" UUID,
    "decidedAt" TIMESTAMP(3),
    "denyReason" TEXT,
    "finishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "module_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_messages" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "recipient" TEXT,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "invoiceId" UUID,
    "moduleRunId" UUID,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "module_runs_companyId_status_idx" ON "module_runs"("companyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "module_runs_companyId_requestedByUserId_idempotencyKey_key" ON "module_runs"("companyId", "requestedByUserId", "idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "outbox_messages_companyId_dedupeKey_key" ON "outbox_messages"("companyId", "dedupeKey");

-- AddForeignKey
ALTER TABLE "module_runs" ADD CONSTRAINT "module_runs_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON module_runs TO fieldops_app;
ALTER TABLE module_runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE module_runs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON module_runs USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

GRANT SELECT, INSERT, UPDATE, DELETE ON outbox_messages TO fieldops_app;
ALTER TABLE outbox_messages ENABLE ROW LEVEL SECURITY;
ALTER TABLE outbox_messages FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON outbox_messages USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
