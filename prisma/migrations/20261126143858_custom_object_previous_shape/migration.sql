-- AlterTable
ALTER TABLE "custom_object_definitions" ADD COLUMN     "previous" JSONB;
