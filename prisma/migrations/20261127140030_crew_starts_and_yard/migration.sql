-- CreateEnum
CREATE TYPE "CrewStartKind" AS ENUM ('yard', 'address', 'member_home');

-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "city" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "latitude" DOUBLE PRECISION,
ADD COLUMN     "locationPrecision" "LocationPrecision",
ADD COLUMN     "longitude" DOUBLE PRECISION,
ADD COLUMN     "postcode" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "region" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "scheduleSlotMinutes" INTEGER NOT NULL DEFAULT 5,
ADD COLUMN     "street" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "yardCity" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "yardLatitude" DOUBLE PRECISION,
ADD COLUMN     "yardLocationPrecision" "LocationPrecision",
ADD COLUMN     "yardLongitude" DOUBLE PRECISION,
ADD COLUMN     "yardPostcode" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "yardRegion" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "yardStreet" TEXT NOT NULL DEFAULT '';

-- The company's one-line address becomes its parts: "street, city, ST 12345" is split, anything else is kept whole as
-- the street. It is located the next time the office saves it.
UPDATE "companies" SET "street" = trim(parsed.m[1]), "city" = trim(parsed.m[2]), "region" = upper(parsed.m[3]),
  "postcode" = coalesce(trim(parsed.m[4]), '')
FROM (
  SELECT "id", regexp_match("address", '^\s*(.+),\s*([^,]+),\s*([A-Za-z]{2})(?:\s+([0-9A-Za-z][0-9A-Za-z -]*))?\s*$') AS m
  FROM "companies"
) AS parsed
WHERE "companies"."id" = parsed."id" AND parsed.m IS NOT NULL;
UPDATE "companies" SET "street" = left(trim("address"), 200) WHERE "street" = '' AND coalesce(trim("address"), '') <> '';
ALTER TABLE "companies" DROP COLUMN "address";

-- AlterTable
ALTER TABLE "crews" ADD COLUMN     "startCity" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "startKind" "CrewStartKind" NOT NULL DEFAULT 'yard',
ADD COLUMN     "startLocationPrecision" "LocationPrecision",
ADD COLUMN     "startMemberId" UUID,
ADD COLUMN     "startPostcode" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "startRegion" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "startStreet" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "team_member_homes" (
    "userId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "street" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "postcode" TEXT NOT NULL,
    "latitude" DOUBLE PRECISION,
    "longitude" DOUBLE PRECISION,
    "locationPrecision" "LocationPrecision",
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "team_member_homes_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "team_member_homes_companyId_idx" ON "team_member_homes"("companyId");

-- AddForeignKey
ALTER TABLE "crews" ADD CONSTRAINT "crews_startMemberId_fkey" FOREIGN KEY ("startMemberId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "team_member_homes" ADD CONSTRAINT "team_member_homes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Crews keep the starts they had: a point of their own, typed by hand (0,0 was never a place).
UPDATE "crews" SET "startKind" = 'address', "startLocationPrecision" = 'manual'
WHERE "startLatitude" IS NOT NULL AND "startLongitude" IS NOT NULL AND NOT ("startLatitude" = 0 AND "startLongitude" = 0);
UPDATE "crews" SET "startLatitude" = NULL, "startLongitude" = NULL WHERE "startLocationPrecision" IS NULL;

-- Row-level security: a member's home is the company's to read and write only.
ALTER TABLE "team_member_homes" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "team_member_homes" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "team_member_homes" USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

-- Points are whole and never 0,0, coordinates written without saying how they were found being typed by hand (as
-- app_check_place_location keeps customers'): the company's address and a member's home use its columns' names; the
-- yard's and a crew's start carry a prefix, read and written through the row as JSON.
CREATE FUNCTION app_check_prefixed_location() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  point jsonb := to_jsonb(NEW);
  lat double precision := (point ->> (TG_ARGV[0] || 'Latitude'))::double precision;
  lon double precision := (point ->> (TG_ARGV[0] || 'Longitude'))::double precision;
  how text := point ->> (TG_ARGV[0] || 'LocationPrecision');
BEGIN
  IF lat IS NOT NULL AND lon IS NOT NULL AND how IS NULL THEN
    how := 'manual';
    NEW := jsonb_populate_record(NEW, jsonb_build_object(TG_ARGV[0] || 'LocationPrecision', how));
  END IF;
  IF NOT (
    (lat IS NULL AND lon IS NULL AND how IS NULL)
    OR (lat IS NOT NULL AND lon IS NOT NULL AND how IS NOT NULL AND NOT (lat = 0 AND lon = 0))
  ) THEN
    RAISE EXCEPTION 'a location is two coordinates (never 0,0) and how they were found, or none'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "companies_location_whole" BEFORE INSERT OR UPDATE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION app_check_place_location();
CREATE TRIGGER "companies_yard_location_whole" BEFORE INSERT OR UPDATE ON "companies"
  FOR EACH ROW EXECUTE FUNCTION app_check_prefixed_location('yard');
CREATE TRIGGER "crews_start_location_whole" BEFORE INSERT OR UPDATE ON "crews"
  FOR EACH ROW EXECUTE FUNCTION app_check_prefixed_location('start');
CREATE TRIGGER "team_member_homes_location_whole" BEFORE INSERT OR UPDATE ON "team_member_homes"
  FOR EACH ROW EXECUTE FUNCTION app_check_place_location();
