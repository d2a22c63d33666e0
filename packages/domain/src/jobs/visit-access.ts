import type { TenantTransaction } from "@fieldops/db";
import { can } from "@fieldops/shared/permissions";
import { forbidden, notFound } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { toVisit, type VisitRow } from "./to-job.ts";

interface AccessRow extends Omit<VisitRow, "crew"> {
  companyId: string;
  crewName: string | null;
  onActorsCrew: boolean;
}

/**
 * A visit the actor may see: any of the company's for owners and members, only their own crew's for a field user
 * (another company's visit does not exist for anyone: row-level security). One query, the crew's name and the actor's
 * membership of it included.
 */
export async function findVisitFor(tx: TenantTransaction, visitId: string, actor: Actor) {
  const [row] = await tx.$queryRaw<AccessRow[]>`
    SELECT v.id, v."companyId", v."jobId", v."crewId", v.status::text AS status, v."scheduledStart", v."scheduledEnd",
      v."durationMinutes", v."startedAt", v."completedAt", v.version, c.name AS "crewName",
      EXISTS (SELECT 1 FROM crew_members m WHERE m."crewId" = v."crewId" AND m."userId" = ${actor.userId}::uuid) AS "onActorsCrew"
    FROM visits v LEFT JOIN crews c ON c.id = v."crewId"
    WHERE v.id = ${visitId}::uuid`;
  if (!row) throw notFound("Visit not found");
  const { crewName, onActorsCrew, ...visit } = row;
  if (!onActorsCrew && !can(actor, "visits.manage_all")) throw forbidden("This visit is not assigned to your crew");
  return { ...visit, crew: crewName === null ? null : { name: crewName } };
}

export async function getVisit(tx: TenantTransaction, input: { visitId: string; actor: Actor }) {
  return toVisit(await findVisitFor(tx, input.visitId, input.actor));
}

export const STALE_VISIT_MESSAGE =
  "This visit was changed by someone else since you loaded it. Reload it and try again.";
