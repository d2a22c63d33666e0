-- AlterTable
ALTER TABLE "assistant_messages" ADD COLUMN     "packet" JSONB;

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "featureOverrides" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "suspendedAt" TIMESTAMP(3),
ADD COLUMN     "suspendedReason" TEXT;

-- CreateTable
CREATE TABLE "plan_feature_flags" (
    "planId" TEXT NOT NULL,
    "feature" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updatedByUserId" UUID,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "plan_feature_flags_pkey" PRIMARY KEY ("planId","feature")
);

-- CreateTable
CREATE TABLE "navigation_menus" (
    "id" TEXT NOT NULL,
    "items" JSONB NOT NULL,
    "updatedByUserId" UUID,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "navigation_menus_pkey" PRIMARY KEY ("id")
);

-- Platform tables, not a company's: every request reads them (a plan's features, the menus), and only the system
-- context, which platform administrators' changes run in, writes them.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['plan_feature_flags', 'navigation_menus']
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO fieldops_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY everyone_reads ON %I FOR SELECT USING (true)', t);
    EXECUTE format(
      'CREATE POLICY system_writes ON %I USING ((SELECT app_system_context())) WITH CHECK ((SELECT app_system_context()))', t);
  END LOOP;
END
$$;

-- The admin portal lists every company's approvals waiting and failed runs: the system context may read module runs
-- (never write them: a run is changed in its company's transaction).
CREATE POLICY system_reads ON module_runs FOR SELECT USING ((SELECT app_system_context()));
