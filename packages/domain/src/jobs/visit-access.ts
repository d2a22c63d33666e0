import type { TenantTransaction } from "@fieldops/db";
import type { FieldVisitMovedAway } from "@fieldops/shared/field-app";
import { OFFLINE_ACTION_MAX_AGE_DAYS } from "@fieldops/shared/jobs";
import { can } from "@fieldops/shared/permissions";
import { forbidden, notFound } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { toVisit, type VisitRow } from "./to-job.ts";

interface AccessRow extends Omit<VisitRow, "crew"> {
  companyId: string;
  crewName: string | null;
  onActorsCrew: boolean;
}

/** The visit with its crew's name, and whether the actor is on that crew; another company's is not found. */
async function readVisitAccess(tx: TenantTransaction, visitId: string, actor: Actor) {
  const [row] = await tx.$queryRaw<AccessRow[]>`
    SELECT v.id, v."companyId", v."jobId", v."crewId", v.status::text AS status, v."scheduledStart", v."scheduledEnd",
      v."durationMinutes", v."startedAt", v."completedAt", v.version, c.name AS "crewName",
      EXISTS (SELECT 1 FROM crew_members m WHERE m."crewId" = v."crewId" AND m."userId" = ${actor.userId}::uuid) AS "onActorsCrew"
    FROM visits v LEFT JOIN crews c ON c.id = v."crewId"
    WHERE v.id = ${visitId}::uuid`;
  if (!row) throw notFound("Visit not found");
  const { crewName, onActorsCrew, ...visit } = row;
  return {
    visit: { ...visit, crew: crewName === null ? null : { name: crewName } },
    mayAct: onActorsCrew || can(actor, "visits.manage_all"),
  };
}

/** The system reads as the office: every visit of the company (no user of it is on a crew as the system). */
const SYSTEM_READER: Actor = { userId: "00000000-0000-0000-0000-000000000000", role: "owner" };

/** A visit a task acting for the company may act on: any of the company's (another company's is not found). */
export async function findVisitForSystem(tx: TenantTransaction, visitId: string) {
  return (await readVisitAccess(tx, visitId, SYSTEM_READER)).visit;
}

const NOT_YOUR_CREW = "This visit is not assigned to your crew";

/**
 * A visit the actor may see: any of the company's for owners and members, only their own crew's for a field user
 * (another company's visit does not exist for anyone: row-level security). One query, the crew's name and the actor's
 * membership of it included.
 */
export async function findVisitFor(tx: TenantTransaction, visitId: string, actor: Actor) {
  const { visit, mayAct } = await readVisitAccess(tx, visitId, actor);
  if (!mayAct) throw forbidden(NOT_YOUR_CREW);
  return visit;
}

/**
 * A visit the actor may add a note, a photo or a signature to: one they may see, or one the office took off a crew
 * they were on within the last OFFLINE_ACTION_MAX_AGE_DAYS days. What they took there before the move (sent later by
 * the offline queue) belongs to the job. Whether they were on it is what the server recorded when the crew changed
 * (visit_crew_departures, written by a trigger on every change of a visit's crew), never what the device says.
 * `movedAway` then says where the visit went (to no crew: `crewName` null); a checklist tick, a start or a completion
 * is not recorded this way (findVisitFor).
 */
export async function findVisitForFieldRecord(
  tx: TenantTransaction,
  visitId: string,
  actor: Actor,
  now = new Date(),
): Promise<{ visit: AccessibleVisit; movedAway: FieldVisitMovedAway | null }> {
  const { visit, mayAct } = await readVisitAccess(tx, visitId, actor);
  if (mayAct) return { visit, movedAway: null };
  const departed = await tx.visitCrewDeparture.findFirst({
    where: {
      visitId: visit.id,
      userId: actor.userId,
      leftAt: { gte: new Date(now.getTime() - OFFLINE_ACTION_MAX_AGE_DAYS * 86_400_000) },
    },
    select: { visitId: true },
  });
  if (!departed) throw forbidden(NOT_YOUR_CREW);
  return { visit, movedAway: { crewName: visit.crew?.name ?? null } };
}

type AccessibleVisit = Awaited<ReturnType<typeof findVisitFor>>;

export async function getVisit(tx: TenantTransaction, input: { visitId: string; actor: Actor }) {
  return toVisit(await findVisitFor(tx, input.visitId, input.actor));
}

export const STALE_VISIT_MESSAGE =
  "This visit was changed by someone else since you loaded it. Reload it and try again.";
