-- AlterTable
ALTER TABLE "refunds" ADD COLUMN     "disputeId" TEXT;
