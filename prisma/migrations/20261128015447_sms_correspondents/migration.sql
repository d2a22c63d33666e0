-- CreateTable
CREATE TABLE "sms_correspondents" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "number" TEXT NOT NULL,
    "lastTextedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sms_correspondents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sms_correspondents_number_lastTextedAt_idx" ON "sms_correspondents"("number", "lastTextedAt");

-- CreateIndex
CREATE UNIQUE INDEX "sms_correspondents_companyId_number_key" ON "sms_correspondents"("companyId", "number");

-- AddForeignKey
ALTER TABLE "sms_correspondents" ADD CONSTRAINT "sms_correspondents_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON sms_correspondents TO fieldops_app;
ALTER TABLE sms_correspondents ENABLE ROW LEVEL SECURITY;
ALTER TABLE sms_correspondents FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sms_correspondents USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
-- A reply to the platform's shared sender is placed by who texted its sender lately, before any company is known.
CREATE POLICY system_read ON sms_correspondents FOR SELECT USING ((SELECT app_system_context()));
