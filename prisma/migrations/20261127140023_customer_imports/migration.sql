-- CreateEnum
CREATE TYPE "CustomerImportDuplicates" AS ENUM ('skip', 'update');

-- CreateEnum
CREATE TYPE "CustomerImportStatus" AS ENUM ('locating', 'done');

-- CreateEnum
CREATE TYPE "CustomerImportOutcome" AS ENUM ('created', 'updated', 'skipped');

-- CreateEnum
CREATE TYPE "CustomerImportLocation" AS ENUM ('pending', 'exact', 'approximate', 'manual', 'not_located');

-- CreateTable
CREATE TABLE "customer_imports" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "createdByUserId" UUID,
    "fileName" TEXT,
    "duplicates" "CustomerImportDuplicates" NOT NULL,
    "status" "CustomerImportStatus" NOT NULL,
    "totalRows" INTEGER NOT NULL,
    "created" INTEGER NOT NULL,
    "updated" INTEGER NOT NULL,
    "skipped" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "customer_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_import_rows" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "importId" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "outcome" "CustomerImportOutcome" NOT NULL,
    "reason" TEXT,
    "customerId" UUID,
    "propertyId" UUID,
    "location" "CustomerImportLocation",

    CONSTRAINT "customer_import_rows_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "customer_imports_companyId_createdAt_idx" ON "customer_imports"("companyId", "createdAt");

-- CreateIndex
CREATE INDEX "customer_import_rows_importId_location_idx" ON "customer_import_rows"("importId", "location");

-- CreateIndex
CREATE INDEX "customer_import_rows_customerId_idx" ON "customer_import_rows"("customerId");

-- CreateIndex
CREATE INDEX "customer_import_rows_propertyId_idx" ON "customer_import_rows"("propertyId");

-- CreateIndex
CREATE UNIQUE INDEX "customer_import_rows_importId_line_key" ON "customer_import_rows"("importId", "line");

-- AddForeignKey
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_importId_fkey" FOREIGN KEY ("importId") REFERENCES "customer_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "customer_properties"("id") ON DELETE SET NULL ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON customer_imports TO fieldops_app;
ALTER TABLE customer_imports ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_imports FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_imports USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

GRANT SELECT, INSERT, UPDATE, DELETE ON customer_import_rows TO fieldops_app;
ALTER TABLE customer_import_rows ENABLE ROW LEVEL SECURITY;
ALTER TABLE customer_import_rows FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON customer_import_rows USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
