-- The tenant a browser named in its telemetry is not trusted: the charts group by the session's company (companyId).
-- AlterTable
ALTER TABLE "performance_alerts" DROP COLUMN "tenant";

-- AlterTable
ALTER TABLE "performance_metrics" DROP COLUMN "tenant";

-- AlterTable
ALTER TABLE "telemetry_events" DROP COLUMN "tenantId";
