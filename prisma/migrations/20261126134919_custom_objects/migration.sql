-- CreateEnum
CREATE TYPE "CustomObjectStage" AS ENUM ('preview', 'production', 'rolled_back');

-- CreateTable
CREATE TABLE "custom_object_definitions" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "buildId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "pluralName" TEXT NOT NULL,
    "description" TEXT,
    "fields" JSONB NOT NULL,
    "relations" JSONB NOT NULL,
    "showOn" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "stage" "CustomObjectStage" NOT NULL DEFAULT 'preview',
    "installedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "promotedAt" TIMESTAMP(3),
    "rolledBackAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_object_definitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custom_object_records" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "definitionId" UUID NOT NULL,
    "values" JSONB NOT NULL,
    "links" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "searchText" TEXT NOT NULL DEFAULT '',
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "custom_object_records_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "custom_object_definitions_companyId_buildId_idx" ON "custom_object_definitions"("companyId", "buildId");

-- CreateIndex
CREATE UNIQUE INDEX "custom_object_definitions_companyId_key_key" ON "custom_object_definitions"("companyId", "key");

-- CreateIndex
CREATE INDEX "custom_object_records_companyId_definitionId_createdAt_idx" ON "custom_object_records"("companyId", "definitionId", "createdAt");

-- CreateIndex
CREATE INDEX "custom_object_records_links_idx" ON "custom_object_records" USING GIN ("links");

-- CreateIndex
CREATE INDEX "custom_object_records_searchText_idx" ON "custom_object_records" USING GIN ("searchText" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "custom_object_definitions" ADD CONSTRAINT "custom_object_definitions_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_object_records" ADD CONSTRAINT "custom_object_records_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "custom_object_records" ADD CONSTRAINT "custom_object_records_definitionId_fkey" FOREIGN KEY ("definitionId") REFERENCES "custom_object_definitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Both tables are a company's: the runtime role reaches their rows only in that company's transaction.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['custom_object_definitions', 'custom_object_records']
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
