-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "smsNumber" TEXT;

-- CreateTable
CREATE TABLE "message_threads" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "customerId" UUID,
    "address" TEXT,
    "unplacedReason" TEXT,
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastMessagePreview" TEXT NOT NULL DEFAULT '',
    "unreadCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "message_threads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "thread_messages" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "threadId" UUID NOT NULL,
    "direction" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "body" TEXT,
    "subject" TEXT,
    "fromAddress" TEXT,
    "toAddress" TEXT,
    "providerMessageId" TEXT,
    "outboxMessageId" UUID,
    "replyToken" TEXT,
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "thread_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "message_threads_companyId_lastMessageAt_idx" ON "message_threads"("companyId", "lastMessageAt");

-- CreateIndex
CREATE UNIQUE INDEX "message_threads_companyId_key_key" ON "message_threads"("companyId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "thread_messages_outboxMessageId_key" ON "thread_messages"("outboxMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "thread_messages_replyToken_key" ON "thread_messages"("replyToken");

-- CreateIndex
CREATE INDEX "thread_messages_threadId_createdAt_idx" ON "thread_messages"("threadId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "thread_messages_companyId_channel_providerMessageId_key" ON "thread_messages"("companyId", "channel", "providerMessageId");

-- CreateIndex
CREATE UNIQUE INDEX "companies_smsNumber_key" ON "companies"("smsNumber");

-- AddForeignKey
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "message_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_outboxMessageId_fkey" FOREIGN KEY ("outboxMessageId") REFERENCES "outbox_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON message_threads TO fieldops_app;
ALTER TABLE message_threads ENABLE ROW LEVEL SECURITY;
ALTER TABLE message_threads FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON message_threads USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

GRANT SELECT, INSERT, UPDATE, DELETE ON thread_messages TO fieldops_app;
ALTER TABLE thread_messages ENABLE ROW LEVEL SECURITY;
ALTER TABLE thread_messages FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON thread_messages USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
