-- AlterTable
ALTER TABLE "crews" ADD COLUMN     "startLatitude" DOUBLE PRECISION,
ADD COLUMN     "startLongitude" DOUBLE PRECISION;

-- AlterTable
ALTER TABLE "jobs" ADD COLUMN     "propertyId" UUID,
ADD COLUMN     "requiredSkills" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "customer_properties"("id") ON DELETE SET NULL ON UPDATE CASCADE;
