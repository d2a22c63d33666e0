-- CreateTable
CREATE TABLE "crew_working_hours" (
    "crewId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "weekday" INTEGER NOT NULL,
    "startMinute" INTEGER NOT NULL,
    "endMinute" INTEGER NOT NULL,

    CONSTRAINT "crew_working_hours_pkey" PRIMARY KEY ("crewId","weekday")
);

-- CreateTable
CREATE TABLE "crew_breaks" (
    "id" UUID NOT NULL,
    "crewId" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "windowStartMinute" INTEGER NOT NULL,
    "windowEndMinute" INTEGER NOT NULL,
    "durationMinutes" INTEGER NOT NULL,

    CONSTRAINT "crew_breaks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "crew_breaks_crewId_idx" ON "crew_breaks"("crewId");

-- CreateIndex
CREATE UNIQUE INDEX "crew_members_userId_key" ON "crew_members"("userId");

-- AddForeignKey
ALTER TABLE "crew_working_hours" ADD CONSTRAINT "crew_working_hours_crewId_fkey" FOREIGN KEY ("crewId") REFERENCES "crews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "crew_breaks" ADD CONSTRAINT "crew_breaks_crewId_fkey" FOREIGN KEY ("crewId") REFERENCES "crews"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON crew_working_hours, crew_breaks TO fieldops_app;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['crew_working_hours', 'crew_breaks']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING ("companyId" = (SELECT app_current_company())) '
      'WITH CHECK ("companyId" = (SELECT app_current_company()))', t);
  END LOOP;
END
$$;
