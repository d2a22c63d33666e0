-- CreateEnum
CREATE TYPE "BuildProposalStatus" AS ENUM ('quoting', 'quoted', 'failed');

-- CreateEnum
CREATE TYPE "BuildRisk" AS ENUM ('low', 'medium', 'high');

-- CreateEnum
CREATE TYPE "BuildStatus" AS ENUM ('queued', 'running', 'failed', 'preview', 'promoting', 'production', 'rolled_back');

-- CreateEnum
CREATE TYPE "BuildStageName" AS ENUM ('generate', 'test', 'preview', 'production');

-- CreateEnum
CREATE TYPE "BuildStageStatus" AS ENUM ('pending', 'running', 'passed', 'failed');

-- CreateTable
CREATE TABLE "build_sessions" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "build_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "build_proposals" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "sessionId" UUID NOT NULL,
    "requestedByUserId" UUID NOT NULL,
    "request" JSONB NOT NULL,
    "status" "BuildProposalStatus" NOT NULL DEFAULT 'quoting',
    "spec" JSONB,
    "priceCents" INTEGER,
    "etaMinutes" INTEGER,
    "risk" "BuildRisk",
    "specSource" TEXT,
    "error" TEXT,
    "consentExpiresAt" TIMESTAMP(3),
    "consentUsedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "build_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "builds" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "proposalId" UUID NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "instanceId" TEXT NOT NULL,
    "acceptedByUserId" UUID NOT NULL,
    "featureName" TEXT NOT NULL,
    "spec" JSONB NOT NULL,
    "priceCents" INTEGER NOT NULL,
    "etaMinutes" INTEGER NOT NULL,
    "risk" "BuildRisk" NOT NULL,
    "status" "BuildStatus" NOT NULL DEFAULT 'queued',
    "currentStage" "BuildStageName",
    "run" INTEGER NOT NULL DEFAULT 1,
    "error" TEXT,
    "promotedByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "previewAt" TIMESTAMP(3),
    "productionAt" TIMESTAMP(3),
    "rolledBackAt" TIMESTAMP(3),

    CONSTRAINT "builds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "build_stages" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "buildId" UUID NOT NULL,
    "stage" "BuildStageName" NOT NULL,
    "position" INTEGER NOT NULL,
    "status" "BuildStageStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "log" JSONB NOT NULL DEFAULT '[]',
    "checks" JSONB,
    "error" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "durationMs" INTEGER,

    CONSTRAINT "build_stages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company_charges" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL DEFAULT 'USD',
    "buildId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "company_charges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "build_pricing" (
    "id" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "updatedByUserId" UUID,

    CONSTRAINT "build_pricing_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "build_sessions_companyId_idx" ON "build_sessions"("companyId");

-- CreateIndex
CREATE INDEX "build_proposals_sessionId_createdAt_idx" ON "build_proposals"("sessionId", "createdAt");

-- CreateIndex
CREATE INDEX "build_proposals_companyId_idx" ON "build_proposals"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "builds_proposalId_key" ON "builds"("proposalId");

-- CreateIndex
CREATE INDEX "builds_companyId_createdAt_idx" ON "builds"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "builds_createdAt_idx" ON "builds"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "builds_companyId_idempotencyKey_key" ON "builds"("companyId", "idempotencyKey");

-- CreateIndex
CREATE INDEX "build_stages_companyId_idx" ON "build_stages"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "build_stages_buildId_stage_key" ON "build_stages"("buildId", "stage");

-- CreateIndex
CREATE UNIQUE INDEX "company_charges_buildId_key" ON "company_charges"("buildId");

-- CreateIndex
CREATE INDEX "company_charges_companyId_createdAt_idx" ON "company_charges"("companyId", "createdAt");

-- AddForeignKey
ALTER TABLE "build_sessions" ADD CONSTRAINT "build_sessions_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "build_proposals" ADD CONSTRAINT "build_proposals_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "build_proposals" ADD CONSTRAINT "build_proposals_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "build_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "builds" ADD CONSTRAINT "builds_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "builds" ADD CONSTRAINT "builds_proposalId_fkey" FOREIGN KEY ("proposalId") REFERENCES "build_proposals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "build_stages" ADD CONSTRAINT "build_stages_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "build_stages" ADD CONSTRAINT "build_stages_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "builds"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_charges" ADD CONSTRAINT "company_charges_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "company_charges" ADD CONSTRAINT "company_charges_buildId_fkey" FOREIGN KEY ("buildId") REFERENCES "builds"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Row-level security: every build table is the company's own; the platform's administrators read them across
-- companies (the build monitor) in the system context, deliberately, after their role was checked.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['build_sessions', 'build_proposals', 'builds', 'build_stages', 'company_charges']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldops_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) '
      'WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['builds', 'build_stages', 'build_proposals', 'company_charges']
  LOOP
    EXECUTE format('CREATE POLICY system_read ON %I FOR SELECT USING ((SELECT app_system_context()))', t);
  END LOOP;
END
$$;

-- The price list belongs to the platform: its administrators edit it in the system context, and a company's quote
-- reads it in the company's transaction.
GRANT SELECT, INSERT, UPDATE ON build_pricing TO fieldops_app;
ALTER TABLE build_pricing ENABLE ROW LEVEL SECURITY;
ALTER TABLE build_pricing FORCE ROW LEVEL SECURITY;
CREATE POLICY system_access ON build_pricing USING ((SELECT app_system_context())) WITH CHECK ((SELECT app_system_context()));
CREATE POLICY tenant_read ON build_pricing FOR SELECT USING ((SELECT app_current_company()) IS NOT NULL);
