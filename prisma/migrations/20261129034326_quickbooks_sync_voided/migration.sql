-- AlterTable
ALTER TABLE "quickbooks_syncs" ADD COLUMN     "voidedAt" TIMESTAMP(3);
