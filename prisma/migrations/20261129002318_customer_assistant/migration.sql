-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "customerAssistant" JSONB;

-- AlterTable
ALTER TABLE "message_threads" ADD COLUMN     "assistantStoppedAt" TIMESTAMP(3),
ADD COLUMN     "assistantStoppedByUserId" UUID;

-- CreateTable
CREATE TABLE "customer_assistant_actions" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "threadId" UUID NOT NULL,
    "inboundMessageId" UUID NOT NULL,
    "customerId" UUID,
    "intent" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "lookedUp" TEXT NOT NULL DEFAULT '',
    "reply" TEXT,
    "outboxMessageId" UUID,
    "visitId" UUID,
    "offer" JSONB,
    "chosen" JSONB,
    "candidates" UUID[],
    "pendingText" TEXT,
    "decidedByUserId" UUID,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_assistant_actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "customer_assistant_actions_inboundMessageId_key" ON "customer_assistant_actions"("inboundMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "customer_assistant_actions_outboxMessageId_key" ON "customer_assistant_actions"("outboxMessageId");

-- CreateIndex
CREATE INDEX "customer_assistant_actions_companyId_status_createdAt_idx" ON "customer_assistant_actions"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "customer_assistant_actions_threadId_createdAt_idx" ON "customer_assistant_actions"("threadId", "createdAt");

-- CreateIndex
CREATE INDEX "customer_assistant_actions_companyId_customerId_createdAt_idx" ON "customer_assistant_actions"("companyId", "customerId", "createdAt");

-- AddForeignKey
ALTER TABLE "customer_assistant_actions" ADD CONSTRAINT "customer_assistant_actions_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_assistant_actions" ADD CONSTRAINT "customer_assistant_actions_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "message_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_assistant_actions" ADD CONSTRAINT "customer_assistant_actions_inboundMessageId_fkey" FOREIGN KEY ("inboundMessageId") REFERENCES "thread_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_assistant_actions" ADD CONSTRAINT "customer_assistant_actions_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON "customer_assistant_actions" TO fieldops_app;
ALTER TABLE "customer_assistant_actions" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "customer_assistant_actions" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "customer_assistant_actions"
  USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
