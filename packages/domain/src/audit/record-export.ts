import { actorLabel, actorUserId, type TenantScope } from "../tenant-scope.ts";
import { recordAudit } from "./record-audit.ts";

/**
 * Audits a download of the company's data (who took what out of the app), in the transaction that read it: "Ann
 * exported 312 customers as CSV".
 */
export async function recordExport(
  { tx, companyId, actor }: TenantScope,
  input: { entityType: string; what: string; details?: Record<string, string | number> },
): Promise<void> {
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "data.exported",
    entityType: input.entityType,
    entityId: null,
    summary: `${actorLabel(actor)} exported ${input.what} as CSV`,
    ...(input.details ? { details: input.details } : {}),
  });
}
