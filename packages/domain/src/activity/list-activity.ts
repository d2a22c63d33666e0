import type { TenantTransaction } from "@fieldops/db";
import type { Activity } from "@fieldops/shared/events";
import { IMPERSONATION_AUDIT_PREFIX } from "@fieldops/shared/impersonation";
import { toActivity } from "./to-activity.ts";

/**
 * The company's most recent activity, newest first. What a platform admin did while impersonating is the audit log's
 * (for its owners), not the feed's (for everyone).
 */
export async function listActivity(tx: TenantTransaction, input: { limit: number }): Promise<Activity[]> {
  const entries = await tx.auditLog.findMany({
    where: { NOT: { action: { startsWith: IMPERSONATION_AUDIT_PREFIX } } },
    orderBy: { createdAt: "desc" },
    take: input.limit,
  });
  return entries.map(toActivity);
}
