-- CreateTable
CREATE TABLE "visit_crew_departures" (
    "companyId" UUID NOT NULL,
    "visitId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "crewId" UUID NOT NULL,
    "leftAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "visit_crew_departures_pkey" PRIMARY KEY ("visitId","userId")
);

-- AddForeignKey
ALTER TABLE "visit_crew_departures" ADD CONSTRAINT "visit_crew_departures_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "visit_crew_departures" ADD CONSTRAINT "visit_crew_departures_visitId_fkey" FOREIGN KEY ("visitId") REFERENCES "visits"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON visit_crew_departures TO fieldops_app;
ALTER TABLE visit_crew_departures ENABLE ROW LEVEL SECURITY;
ALTER TABLE visit_crew_departures FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON visit_crew_departures USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));

-- Every change of a visit's crew, whatever writes it (the board, the optimizer, the assistant, a reopen, a job edit),
-- records who was on the crew it left: they may still add the notes and photos they took before the move.
CREATE FUNCTION visits_record_crew_departure() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO visit_crew_departures ("companyId", "visitId", "userId", "crewId", "leftAt")
    SELECT NEW."companyId", NEW.id, m."userId", OLD."crewId", now() AT TIME ZONE 'UTC'
    FROM crew_members m WHERE m."crewId" = OLD."crewId"
  ON CONFLICT ("visitId", "userId") DO UPDATE SET "crewId" = EXCLUDED."crewId", "leftAt" = EXCLUDED."leftAt";
  RETURN NULL;
END $$;

CREATE TRIGGER visits_crew_departure AFTER UPDATE OF "crewId" ON visits
  FOR EACH ROW WHEN (OLD."crewId" IS NOT NULL AND OLD."crewId" IS DISTINCT FROM NEW."crewId")
  EXECUTE FUNCTION visits_record_crew_departure();
