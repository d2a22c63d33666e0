-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "disputeId" TEXT,
ADD COLUMN     "disputeStatus" TEXT,
ADD COLUMN     "disputedCents" INTEGER,
ADD COLUMN     "failureMessage" TEXT,
ADD COLUMN     "providerAccount" TEXT,
ADD COLUMN     "status" "PaymentStatus" NOT NULL DEFAULT 'succeeded';

-- CreateTable
CREATE TABLE "stripe_events" (
    "id" TEXT NOT NULL,
    "companyId" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "processedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "stripe_accounts" (
    "companyId" UUID NOT NULL,
    "accountId" TEXT NOT NULL,
    "chargesEnabled" BOOLEAN NOT NULL DEFAULT false,
    "detailsSubmitted" BOOLEAN NOT NULL DEFAULT false,
    "requirementsDue" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "stripe_accounts_pkey" PRIMARY KEY ("companyId")
);

-- CreateTable
CREATE TABLE "platform_settings" (
    "id" TEXT NOT NULL DEFAULT 'platform',
    "stripeApplicationFeeBps" INTEGER NOT NULL DEFAULT 0,
    "updatedByUserId" UUID,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "platform_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stripe_events_companyId_idx" ON "stripe_events"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "stripe_accounts_accountId_key" ON "stripe_accounts"("accountId");

-- AddForeignKey
ALTER TABLE "stripe_events" ADD CONSTRAINT "stripe_events_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stripe_accounts" ADD CONSTRAINT "stripe_accounts_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Tenant tables. A Stripe webhook finds its company by the connected account before any company is known: the system
-- context may read the accounts (never write them: an account is changed in its company's transaction).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['stripe_events', 'stripe_accounts']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldops_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
  END LOOP;
END
$$;
CREATE POLICY system_read ON stripe_accounts FOR SELECT USING ((SELECT app_system_context()));

-- A platform table: every request may read it, only the system context (platform administrators) writes it.
GRANT SELECT, INSERT, UPDATE, DELETE ON platform_settings TO fieldops_app;
ALTER TABLE platform_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY everyone_reads ON platform_settings FOR SELECT USING (true);
CREATE POLICY system_writes ON platform_settings USING ((SELECT app_system_context()))
  WITH CHECK ((SELECT app_system_context()));
