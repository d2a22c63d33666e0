-- CreateTable
CREATE TABLE "quickbooks_syncs" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "entityType" TEXT NOT NULL,
    "entityId" UUID NOT NULL,
    "origin" TEXT NOT NULL DEFAULT 'fieldops',
    "realmId" TEXT,
    "quickbooksId" TEXT,
    "syncToken" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "error" TEXT,
    "requestedVersion" INTEGER NOT NULL DEFAULT 0,
    "syncedVersion" INTEGER NOT NULL DEFAULT 0,
    "lastSyncedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "quickbooks_syncs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quickbooks_settings" (
    "companyId" UUID NOT NULL,
    "itemId" TEXT,
    "itemName" TEXT,
    "taxCodeId" TEXT,
    "taxCodeName" TEXT,
    "changesReadAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "quickbooks_settings_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE INDEX "quickbooks_syncs_companyId_status_updatedAt_idx" ON "quickbooks_syncs"("companyId", "status", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "quickbooks_syncs_companyId_entityType_entityId_key" ON "quickbooks_syncs"("companyId", "entityType", "entityId");

-- CreateIndex
CREATE UNIQUE INDEX "quickbooks_syncs_companyId_entityType_quickbooksId_key" ON "quickbooks_syncs"("companyId", "entityType", "quickbooksId");

-- AddForeignKey
ALTER TABLE "quickbooks_syncs" ADD CONSTRAINT "quickbooks_syncs_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "quickbooks_settings" ADD CONSTRAINT "quickbooks_settings_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON quickbooks_syncs TO fieldops_app;
ALTER TABLE quickbooks_syncs ENABLE ROW LEVEL SECURITY;
ALTER TABLE quickbooks_syncs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON quickbooks_syncs USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

GRANT SELECT, INSERT, UPDATE, DELETE ON quickbooks_settings TO fieldops_app;
ALTER TABLE quickbooks_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE quickbooks_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON quickbooks_settings USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
