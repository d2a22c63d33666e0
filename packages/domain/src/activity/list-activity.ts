import type { TenantTransaction } from "@fieldops/db";
import type { Activity } from "@fieldops/shared/events";
import { toActivity } from "./to-activity.ts";

/** The company's most recent activity, newest first. */
export async function listActivity(tx: TenantTransaction, input: { limit: number }): Promise<Activity[]> {
  const entries = await tx.auditLog.findMany({ orderBy: { createdAt: "desc" }, take: input.limit });
  return entries.map(toActivity);
}
