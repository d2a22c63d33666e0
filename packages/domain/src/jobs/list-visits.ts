import type { TenantTransaction } from "@fieldops/db";
import type { ListVisitsQuery, Visit } from "@fieldops/shared/jobs";
import type { Actor } from "./actor.ts";
import { toVisit } from "./to-job.ts";

/**
 * Visits scheduled in [from, to), earliest first: all of the company's for owners and members, only those of the
 * field user's own crews for a field user.
 */
export async function listVisits(tx: TenantTransaction, input: ListVisitsQuery & { actor: Actor }): Promise<{ items: Visit[] }> {
  const rows = await tx.visit.findMany({
    where: {
      scheduledStart: { gte: new Date(input.from), lt: new Date(input.to) },
      ...(input.actor.role === "field_user" ? { crew: { members: { some: { userId: input.actor.userId } } } } : {}),
    },
    include: { crew: { select: { name: true } } },
    orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
    take: input.limit,
  });
  return { items: rows.map(toVisit) };
}
