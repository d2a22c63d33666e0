import { formatCompanyTime } from "@fieldops/shared/company-time";
import { recordAudit } from "../audit/record-audit.ts";
import { actorLabel, actorUserId, type TenantScope } from "../tenant-scope.ts";

export interface VisitPlace {
  start: Date | null;
  crewId: string | null;
}

/**
 * Audits a visit given a time or a crew, or moved, in the company's time zone: "Ann moved job #117 (Spring cleanup)
 * from Nov 3, 2026, 9:00 AM EST with Crew A to Nov 4, 2026, 10:00 AM EST with Crew B".
 */
export async function auditVisitMove(
  scope: TenantScope,
  input: { visitId: string; jobId: string; from: VisitPlace; to: VisitPlace; undo?: boolean },
): Promise<void> {
  const { tx } = scope;
  const job = await tx.job.findUniqueOrThrow({ where: { id: input.jobId }, select: { number: true, title: true } });
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const crewIds = [input.from.crewId, input.to.crewId].filter((id): id is string => id !== null);
  const crews = await tx.crew.findMany({ where: { id: { in: crewIds } }, select: { id: true, name: true } });
  const crewName = new Map(crews.map((crew) => [crew.id, crew.name]));
  const place = ({ start, crewId }: VisitPlace) =>
    `${start ? formatCompanyTime(start.toISOString(), timeZone, "en-US") : "no time"} ${
      crewId ? `with ${crewName.get(crewId) ?? "a deleted crew"}` : "unassigned"
    }`;
  const what = `job #${job.number} (${job.title})`;
  const first = input.from.start === null && input.from.crewId === null;
  const verb = input.undo ? "put back" : first ? "scheduled" : "moved";
  await recordAudit(tx, {
    companyId: scope.companyId,
    actorUserId: actorUserId(scope.actor),
    action: first && !input.undo ? "visit.scheduled" : "visit.moved",
    entityType: "visit",
    entityId: input.visitId,
    summary: first
      ? `${actorLabel(scope.actor)} ${verb} ${what} for ${place(input.to)}`
      : `${actorLabel(scope.actor)} ${verb} ${what} from ${place(input.from)} to ${place(input.to)}`,
    changes: {
      start: { from: input.from.start?.toISOString() ?? null, to: input.to.start?.toISOString() ?? null },
      crewId: { from: input.from.crewId, to: input.to.crewId },
    },
  });
}
