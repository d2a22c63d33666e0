-- Customer search matches any part of a name, phone, e-mail or address: a trigram index serves LIKE '%term%' without
-- scanning the table. The owner role runs migrations and may create this trusted extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateEnum
CREATE TYPE "CustomerContactKind" AS ENUM ('phone', 'email');

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "searchText" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "customer_contacts" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "kind" "CustomerContactKind" NOT NULL,
    "value" TEXT NOT NULL,
    "label" TEXT,
    "position" INTEGER NOT NULL,

    CONSTRAINT "customer_contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "customer_properties" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "customerId" UUID NOT NULL,
    "name" TEXT,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "accessNotes" TEXT,
    "gateCode" TEXT,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "customer_properties_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "customer_contacts_customerId_position_idx" ON "customer_contacts"("customerId", "position");

-- CreateIndex
CREATE INDEX "customer_properties_customerId_position_idx" ON "customer_properties"("customerId", "position");

-- CreateIndex
CREATE INDEX "customers_searchText_idx" ON "customers" USING GIN ("searchText" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "customer_properties" ADD CONSTRAINT "customer_properties_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: contacts and properties belong to the customer's company.
GRANT SELECT, INSERT, UPDATE, DELETE ON customer_contacts, customer_properties TO fieldops_app;
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customer_contacts', 'customer_properties']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) '
      'WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
  END LOOP;
END
$$;

-- Customers from before contacts and properties: their own e-mail, phone and address become their first contact and
-- property, and their search text is filled in.
INSERT INTO customer_properties (id, "companyId", "customerId", street, city, region, postcode, latitude, longitude, position, "updatedAt")
SELECT gen_random_uuid(), "companyId", id, street, city, region, postcode, latitude, longitude, 0, CURRENT_TIMESTAMP FROM customers;
INSERT INTO customer_contacts (id, "companyId", "customerId", kind, value, position)
SELECT gen_random_uuid(), "companyId", id, 'phone', phone, 0 FROM customers WHERE phone IS NOT NULL;
INSERT INTO customer_contacts (id, "companyId", "customerId", kind, value, position)
SELECT gen_random_uuid(), "companyId", id, 'email', email, 1 FROM customers WHERE email IS NOT NULL;
UPDATE customers SET "searchText" = lower(concat_ws(' ', name, email, phone, regexp_replace(phone, '\D', '', 'g'), street, city, region, postcode));
