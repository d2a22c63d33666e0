import type { TenantTransaction } from "@fieldops/db";
import { forbidden, notFound } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { toVisit } from "./to-job.ts";

const visitInclude = { crew: { select: { name: true, members: { select: { userId: true } } } } } as const;

/**
 * A visit the actor may see: any of the company's for owners and members, only their own crew's for a field user
 * (another company's visit does not exist for anyone: row-level security).
 */
export async function findVisitFor(tx: TenantTransaction, visitId: string, actor: Actor) {
  const visit = await tx.visit.findUnique({ where: { id: visitId }, include: visitInclude });
  if (!visit) throw notFound("Visit not found");
  if (actor.role === "field_user" && !visit.crew?.members.some((member) => member.userId === actor.userId)) {
    throw forbidden("This visit is not assigned to your crew");
  }
  return visit;
}

export async function getVisit(tx: TenantTransaction, input: { visitId: string; actor: Actor }) {
  return toVisit(await findVisitFor(tx, input.visitId, input.actor));
}

export const STALE_VISIT_MESSAGE = "This visit was changed by someone else since you loaded it. Reload it and try again.";
