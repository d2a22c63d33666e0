import type { Activity } from "@fieldops/shared/events";
import type { AuditLog } from "@fieldops/db";

/** The client's view of an audit log entry; the human sentence is kept in the entry's metadata. */
export function toActivity(entry: AuditLog): Activity {
  const metadata = entry.metadata;
  const summary =
    metadata !== null &&
    typeof metadata === "object" &&
    !Array.isArray(metadata) &&
    typeof metadata.summary === "string"
      ? metadata.summary
      : entry.action;
  return {
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    actorUserId: entry.actorUserId,
    summary,
    createdAt: entry.createdAt.toISOString(),
  };
}
