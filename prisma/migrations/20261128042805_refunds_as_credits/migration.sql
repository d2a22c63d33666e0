-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "reopenedBalance" BOOLEAN NOT NULL DEFAULT false;

-- Every refund made before this change reopened its invoice's balance.
UPDATE "refunds" SET "reopenedBalance" = true;
