-- Stripe's webhook stores each event and answers; a task applies it (processedAt null until then).
-- AlterTable
ALTER TABLE "stripe_events" ADD COLUMN     "deliveries" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "payload" JSONB,
ADD COLUMN     "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ALTER COLUMN "processedAt" DROP NOT NULL,
ALTER COLUMN "processedAt" DROP DEFAULT;

-- The events stored before were applied as they came.
UPDATE "stripe_events" SET "receivedAt" = "processedAt";
