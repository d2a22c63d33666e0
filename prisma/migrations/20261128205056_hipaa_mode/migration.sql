-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "hipaaAcknowledgedAt" TIMESTAMP(3),
ADD COLUMN     "hipaaAcknowledgedByUserId" UUID,
ADD COLUMN     "modelBaaRecordedAt" TIMESTAMP(3),
ADD COLUMN     "modelBaaRecordedByUserId" UUID;
