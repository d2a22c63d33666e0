-- CreateTable
CREATE TABLE "automations" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "key" TEXT,
    "name" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "timing" TEXT NOT NULL DEFAULT 'after',
    "delayMinutes" INTEGER NOT NULL DEFAULT 0,
    "conditions" JSONB NOT NULL DEFAULT '{}',
    "actions" JSONB NOT NULL DEFAULT '[]',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "appOrigin" TEXT,
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "automations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "automation_runs" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "automationId" UUID NOT NULL,
    "subjectType" TEXT NOT NULL,
    "subjectId" UUID NOT NULL,
    "customerId" UUID,
    "anchorAt" TIMESTAMP(3) NOT NULL,
    "fireAt" TIMESTAMP(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'scheduled',
    "outcome" TEXT,
    "firedAt" TIMESTAMP(3),
    "dedupeKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "automation_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "automations_companyId_trigger_enabled_idx" ON "automations"("companyId", "trigger", "enabled");

-- CreateIndex
CREATE UNIQUE INDEX "automations_companyId_key_key" ON "automations"("companyId", "key");

-- CreateIndex
CREATE INDEX "automation_runs_companyId_subjectType_subjectId_status_idx" ON "automation_runs"("companyId", "subjectType", "subjectId", "status");

-- CreateIndex
CREATE INDEX "automation_runs_automationId_fireAt_idx" ON "automation_runs"("automationId", "fireAt");

-- CreateIndex
CREATE UNIQUE INDEX "automation_runs_automationId_dedupeKey_key" ON "automation_runs"("automationId", "dedupeKey");

-- AddForeignKey
ALTER TABLE "automations" ADD CONSTRAINT "automations_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "automations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- Tenant tables.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['automations', 'automation_runs']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldops_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
  END LOOP;
END
$$;
