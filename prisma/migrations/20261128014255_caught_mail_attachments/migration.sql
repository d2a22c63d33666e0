-- CreateTable
CREATE TABLE "caught_mail_attachments" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "caughtMailId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "caught_mail_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "caught_mail_attachments_companyId_idx" ON "caught_mail_attachments"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "caught_mail_attachments_caughtMailId_position_key" ON "caught_mail_attachments"("caughtMailId", "position");

-- AddForeignKey
ALTER TABLE "caught_mail_attachments" ADD CONSTRAINT "caught_mail_attachments_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "caught_mail_attachments" ADD CONSTRAINT "caught_mail_attachments_caughtMailId_fkey" FOREIGN KEY ("caughtMailId") REFERENCES "caught_mails"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON caught_mail_attachments TO fieldops_app;
ALTER TABLE caught_mail_attachments ENABLE ROW LEVEL SECURITY;
ALTER TABLE caught_mail_attachments FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON caught_mail_attachments USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
