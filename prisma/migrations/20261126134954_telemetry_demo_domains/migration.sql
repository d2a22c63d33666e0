-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "customDomain" TEXT,
ADD COLUMN     "customDomainToken" TEXT,
ADD COLUMN     "customDomainVerifiedAt" TIMESTAMP(3),
ADD COLUMN     "demoTierOverride" TEXT;

-- CreateTable
CREATE TABLE "performance_metrics" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "userId" UUID,
    "route" TEXT NOT NULL,
    "tenant" TEXT,
    "ttfb" DOUBLE PRECISION,
    "lcp" DOUBLE PRECISION,
    "fid" DOUBLE PRECISION,
    "cls" DOUBLE PRECISION,
    "bundleSize" INTEGER,
    "cacheHit" BOOLEAN,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "performance_metrics_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "performance_alerts" (
    "id" UUID NOT NULL,
    "companyId" UUID,
    "userId" UUID,
    "kind" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "metric" TEXT,
    "value" DOUBLE PRECISION NOT NULL,
    "threshold" DOUBLE PRECISION,
    "route" TEXT NOT NULL,
    "tenant" TEXT,
    "fileName" TEXT,
    "userAgent" TEXT,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "performance_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "performance_metrics_occurredAt_idx" ON "performance_metrics"("occurredAt");

-- CreateIndex
CREATE INDEX "performance_metrics_route_occurredAt_idx" ON "performance_metrics"("route", "occurredAt");

-- CreateIndex
CREATE INDEX "performance_alerts_occurredAt_idx" ON "performance_alerts"("occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "companies_customDomain_key" ON "companies"("customDomain");

-- A company's rows are its own in its transaction; telemetry arrives from signed-out visitors too and is read across
-- companies by platform admins, so the system context may reach every row.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['performance_metrics', 'performance_alerts']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldops_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) '
      'WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
    EXECUTE format(
      'CREATE POLICY system_access ON %I USING ((SELECT app_system_context())) WITH CHECK ((SELECT app_system_context()))', t);
  END LOOP;
END
$$;
