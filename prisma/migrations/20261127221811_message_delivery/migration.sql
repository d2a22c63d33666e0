-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "deliveredAt" TIMESTAMP(3),
ADD COLUMN     "failedAt" TIMESTAMP(3),
ADD COLUMN     "lastError" TEXT,
ADD COLUMN     "linkLabel" TEXT,
ADD COLUMN     "linkUrl" TEXT,
ADD COLUMN     "providerMessageId" TEXT,
ADD COLUMN     "sendingAt" TIMESTAMP(3),
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'queued';

-- CreateTable
CREATE TABLE "caught_mails" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "outboxMessageId" UUID NOT NULL,
    "messageId" TEXT NOT NULL,
    "fromAddress" TEXT NOT NULL,
    "toAddress" TEXT NOT NULL,
    "replyTo" TEXT,
    "subject" TEXT NOT NULL,
    "html" TEXT,
    "text" TEXT,
    "copies" INTEGER NOT NULL DEFAULT 1,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "caught_mails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "caught_mails_outboxMessageId_key" ON "caught_mails"("outboxMessageId");

-- CreateIndex
CREATE INDEX "caught_mails_companyId_receivedAt_idx" ON "caught_mails"("companyId", "receivedAt");

-- AddForeignKey
ALTER TABLE "caught_mails" ADD CONSTRAINT "caught_mails_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "caught_mails" ADD CONSTRAINT "caught_mails_outboxMessageId_fkey" FOREIGN KEY ("outboxMessageId") REFERENCES "outbox_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Messages written before delivery existed and marked sent keep that; the rest wait in the
-- queue (nothing enqueues them: they were written before the dispatcher, and stay as they were shown).
UPDATE "outbox_messages" SET "status" = 'sent' WHERE "sentAt" IS NOT NULL;

GRANT SELECT, INSERT, UPDATE, DELETE ON caught_mails TO fieldops_app;
ALTER TABLE caught_mails ENABLE ROW LEVEL SECURITY;
ALTER TABLE caught_mails FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON caught_mails USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
