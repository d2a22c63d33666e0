-- CreateTable
CREATE TABLE "caught_texts" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "outboxMessageId" UUID NOT NULL,
    "toNumber" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "copies" INTEGER NOT NULL DEFAULT 1,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "caught_texts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sms_opt_outs" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "phone" TEXT NOT NULL,
    "optedOut" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sms_opt_outs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "caught_texts_outboxMessageId_key" ON "caught_texts"("outboxMessageId");

-- CreateIndex
CREATE INDEX "caught_texts_companyId_receivedAt_idx" ON "caught_texts"("companyId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "sms_opt_outs_companyId_phone_key" ON "sms_opt_outs"("companyId", "phone");

-- AddForeignKey
ALTER TABLE "caught_texts" ADD CONSTRAINT "caught_texts_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "caught_texts" ADD CONSTRAINT "caught_texts_outboxMessageId_fkey" FOREIGN KEY ("outboxMessageId") REFERENCES "outbox_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON caught_texts TO fieldops_app;
ALTER TABLE caught_texts ENABLE ROW LEVEL SECURITY;
ALTER TABLE caught_texts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON caught_texts USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

GRANT SELECT, INSERT, UPDATE, DELETE ON sms_opt_outs TO fieldops_app;
ALTER TABLE sms_opt_outs ENABLE ROW LEVEL SECURITY;
ALTER TABLE sms_opt_outs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sms_opt_outs USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
