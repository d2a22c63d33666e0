import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { ListVisitsQuery, Visit } from "@fieldops/shared/jobs";
import { can } from "@fieldops/shared/permissions";
import type { Actor } from "./actor.ts";
import { toVisit, type VisitRow } from "./to-job.ts";

/**
 * Visits scheduled in [from, to), earliest first: all of the company's for owners and members, only those of the
 * field user's own crews for a field user. One query with only the columns shown: a week of 50 crews is a full page.
 */
export async function listVisits(
  tx: TenantTransaction,
  input: ListVisitsQuery & { actor: Actor },
): Promise<{ items: Visit[] }> {
  const ownCrewsOnly = !can(input.actor, "visits.manage_all")
    ? Prisma.sql`AND EXISTS (SELECT 1 FROM crew_members m WHERE m."crewId" = v."crewId" AND m."userId" = ${input.actor.userId}::uuid)`
    : Prisma.empty;
  const rows = await tx.$queryRaw<(VisitRow & { crewName: string | null })[]>`
    SELECT v.id, v."jobId", v."crewId", c.name AS "crewName", v.status::text AS status, v."scheduledStart", v."scheduledEnd",
      v."durationMinutes", v."startedAt", v."completedAt", v.version
    FROM visits v LEFT JOIN crews c ON c.id = v."crewId"
    WHERE v."scheduledStart" >= ${new Date(input.from)}::timestamp AND v."scheduledStart" < ${new Date(input.to)}::timestamp ${ownCrewsOnly}
    ORDER BY v."scheduledStart", v.id
    LIMIT ${input.limit}`;
  return { items: rows.map((row) => toVisit({ ...row, crew: row.crewName === null ? null : { name: row.crewName } })) };
}
