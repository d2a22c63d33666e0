-- The customer's page offers a bank debit (ACH through Stripe) only once an owner turns it on.
-- AlterTable
ALTER TABLE "company_settings" ADD COLUMN     "bankDebits" BOOLEAN NOT NULL DEFAULT false;
