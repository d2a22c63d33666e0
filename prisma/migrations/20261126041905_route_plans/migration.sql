-- CreateEnum
CREATE TYPE "RoutePlanStatus" AS ENUM ('queued', 'running', 'ready', 'failed', 'applied', 'stale');

-- CreateEnum
CREATE TYPE "RoutePlanKind" AS ENUM ('optimize', 'replan');

-- AlterTable
ALTER TABLE "visits" ADD COLUMN     "arrivalWindowMinutes" INTEGER;

-- CreateTable
CREATE TABLE "route_plans" (
    "id" UUID NOT NULL,
    "companyId" UUID NOT NULL,
    "kind" "RoutePlanKind" NOT NULL DEFAULT 'optimize',
    "status" "RoutePlanStatus" NOT NULL DEFAULT 'queued',
    "date" TEXT NOT NULL,
    "crewIds" TEXT[],
    "budgetSeconds" INTEGER NOT NULL,
    "planFrom" TIMESTAMP(3),
    "snapshot" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB,
    "error" TEXT,
    "appliedCrewIds" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "appliedVersions" JSONB NOT NULL DEFAULT '{}',
    "createdByUserId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "route_plans_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "route_plans_companyId_date_idx" ON "route_plans"("companyId", "date");

-- AddForeignKey
ALTER TABLE "route_plans" ADD CONSTRAINT "route_plans_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

GRANT SELECT, INSERT, UPDATE, DELETE ON route_plans TO fieldops_app;
ALTER TABLE route_plans ENABLE ROW LEVEL SECURITY;
ALTER TABLE route_plans FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON route_plans USING ("companyId" = (SELECT app_current_company()))
  WITH CHECK ("companyId" = (SELECT app_current_company()));
