-- DropIndex
DROP INDEX "companies_customDomain_key";

-- CreateIndex
CREATE UNIQUE INDEX "companies_customDomain_key" ON "companies"("customDomain") WHERE ("customDomainVerifiedAt" IS NOT NULL);
