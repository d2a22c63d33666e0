-- CreateEnum
CREATE TYPE "LeadStatus" AS ENUM ('new', 'estimating', 'won', 'lost');

-- CreateEnum
CREATE TYPE "EstimateStatus" AS ENUM ('draft', 'sent', 'changes_requested', 'approved', 'converted', 'declined', 'expired');

-- AlterTable
ALTER TABLE "outbox_messages" ADD COLUMN     "estimateId" UUID;

-- CreateTable
CREATE TABLE "leads" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "customerId" UUID,
    "name" TEXT NOT NULL,
    "email" TEXT,
    "phone" TEXT,
    "street" TEXT,
    "city" TEXT,
    "region" TEXT,
    "postcode" TEXT,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "request" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "status" "LeadStatus" NOT NULL DEFAULT 'new',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "leads_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimates" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "customerId" UUID NOT NULL,
    "leadId" UUID,
    "title" TEXT NOT NULL,
    "message" TEXT,
    "status" "EstimateStatus" NOT NULL DEFAULT 'draft',
    "expiresAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "customerMessage" TEXT,
    "respondedAt" TIMESTAMP(3),
    "approvedOptionId" UUID,
    "signatureName" TEXT,
    "approvedAt" TIMESTAMP(3),
    "declinedAt" TIMESTAMP(3),
    "jobId" UUID,
    "convertedAt" TIMESTAMP(3),
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "estimates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_options" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "estimateId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,

    CONSTRAINT "estimate_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_line_items" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "optionId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "description" TEXT NOT NULL,
    "quantity" DECIMAL(10,2) NOT NULL,
    "unitPriceCents" INTEGER NOT NULL,
    "taxRateBasisPoints" INTEGER,

    CONSTRAINT "estimate_line_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "estimate_counters" (
    "companyId" UUID NOT NULL,
    "lastNumber" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "estimate_counters_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "public_links" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "public_links_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "leads_companyId_status_createdAt_idx" ON "leads"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "leads_companyId_customerId_idx" ON "leads"("companyId", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "estimates_jobId_key" ON "estimates"("jobId");

-- CreateIndex
CREATE INDEX "estimates_companyId_status_createdAt_idx" ON "estimates"("companyId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "estimates_companyId_customerId_idx" ON "estimates"("companyId", "customerId");

-- CreateIndex
CREATE INDEX "estimates_companyId_status_expiresAt_idx" ON "estimates"("companyId", "status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "estimates_companyId_number_key" ON "estimates"("companyId", "number");

-- CreateIndex
CREATE INDEX "estimate_options_estimateId_position_idx" ON "estimate_options"("estimateId", "position");

-- CreateIndex
CREATE INDEX "estimate_line_items_optionId_position_idx" ON "estimate_line_items"("optionId", "position");

-- CreateIndex
CREATE UNIQUE INDEX "public_links_tokenHash_key" ON "public_links"("tokenHash");

-- CreateIndex
CREATE INDEX "public_links_kind_subjectId_idx" ON "public_links"("kind", "subjectId");

-- CreateIndex
CREATE INDEX "public_links_companyId_idx" ON "public_links"("companyId");

-- CreateIndex
CREATE INDEX "outbox_messages_companyId_estimateId_idx" ON "outbox_messages"("companyId", "estimateId");

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "leads" ADD CONSTRAINT "leads_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_leadId_fkey" FOREIGN KEY ("leadId") REFERENCES "leads"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_options" ADD CONSTRAINT "estimate_options_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_options" ADD CONSTRAINT "estimate_options_estimateId_fkey" FOREIGN KEY ("estimateId") REFERENCES "estimates"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_line_items" ADD CONSTRAINT "estimate_line_items_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_line_items" ADD CONSTRAINT "estimate_line_items_optionId_fkey" FOREIGN KEY ("optionId") REFERENCES "estimate_options"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "estimate_counters" ADD CONSTRAINT "estimate_counters_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "public_links" ADD CONSTRAINT "public_links_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every table here is a company's: the runtime role reaches its rows only in that company's transaction.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['leads', 'estimates', 'estimate_options', 'estimate_line_items', 'estimate_counters', 'public_links']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldops_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) '
      'WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
  END LOOP;
END
$$;

-- A customer's link is opened before its company is known: the system context may read links (to learn the company
-- and compare the token's hash) and note their last use, and nothing else of them.
CREATE POLICY system_read ON public_links FOR SELECT USING ((SELECT app_system_context()));
CREATE POLICY system_touch ON public_links FOR UPDATE USING ((SELECT app_system_context())) WITH CHECK ((SELECT app_system_context()));
