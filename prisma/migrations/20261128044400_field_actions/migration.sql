-- CreateTable
CREATE TABLE "field_actions" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "visitId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "field_actions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "field_actions_companyId_userId_idempotencyKey_key" ON "field_actions"("companyId", "userId", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "field_actions" ADD CONSTRAINT "field_actions_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON field_actions TO fieldops_app;
ALTER TABLE field_actions ENABLE ROW LEVEL SECURITY;
ALTER TABLE field_actions FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON field_actions USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
