-- CreateEnum
CREATE TYPE "LocationPrecision" AS ENUM ('exact', 'approximate', 'manual');

-- AlterTable
ALTER TABLE "customer_properties" ADD COLUMN     "locationPrecision" "LocationPrecision",
ALTER COLUMN "latitude" DROP NOT NULL,
ALTER COLUMN "longitude" DROP NOT NULL;

-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "locationPrecision" "LocationPrecision",
ALTER COLUMN "latitude" DROP NOT NULL,
ALTER COLUMN "longitude" DROP NOT NULL;

-- AlterTable
ALTER TABLE "leads" ADD COLUMN     "locationPrecision" "LocationPrecision";

-- Coordinates are never invented: a blank field that became 0,0 is no location at all; the points already stored were
-- typed or imported by the office.
UPDATE "customer_properties" SET "latitude" = NULL, "longitude" = NULL WHERE "latitude" = 0 AND "longitude" = 0;
UPDATE "customers" SET "latitude" = NULL, "longitude" = NULL WHERE "latitude" = 0 AND "longitude" = 0;
UPDATE "leads" SET "latitude" = NULL, "longitude" = NULL WHERE "latitude" = 0 AND "longitude" = 0;
UPDATE "customer_properties" SET "locationPrecision" = 'manual' WHERE "latitude" IS NOT NULL;
UPDATE "customers" SET "locationPrecision" = 'manual' WHERE "latitude" IS NOT NULL;
UPDATE "leads" SET "locationPrecision" = 'manual' WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;
UPDATE "leads" SET "latitude" = NULL, "longitude" = NULL WHERE "latitude" IS NULL OR "longitude" IS NULL;

-- A point is whole (both coordinates and how it was found) or absent, and never 0,0. A trigger rather than a CHECK
-- constraint: the schema engine that diffs migrations against schema.prisma cannot read CHECK constraints.
-- Coordinates written without saying how they were found were typed by hand.
CREATE FUNCTION app_check_place_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."latitude" IS NOT NULL AND NEW."longitude" IS NOT NULL AND NEW."locationPrecision" IS NULL THEN
    NEW."locationPrecision" := 'manual';
  END IF;
  IF NOT (
    (NEW."latitude" IS NULL AND NEW."longitude" IS NULL AND NEW."locationPrecision" IS NULL)
    OR (NEW."latitude" IS NOT NULL AND NEW."longitude" IS NOT NULL AND NEW."locationPrecision" IS NOT NULL
        AND NOT (NEW."latitude" = 0 AND NEW."longitude" = 0))
  ) THEN
    RAISE EXCEPTION 'a location is two coordinates (never 0,0) and how they were found, or none'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "customer_properties_location_whole" BEFORE INSERT OR UPDATE ON "customer_properties"
  FOR EACH ROW EXECUTE FUNCTION app_check_place_location();
CREATE TRIGGER "customers_location_whole" BEFORE INSERT OR UPDATE ON "customers"
  FOR EACH ROW EXECUTE FUNCTION app_check_place_location();
CREATE TRIGGER "leads_location_whole" BEFORE INSERT OR UPDATE ON "leads"
  FOR EACH ROW EXECUTE FUNCTION app_check_place_location();
