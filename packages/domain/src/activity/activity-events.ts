import type { AuditLog } from "@fieldops/db";
import type { AppEvent } from "@fieldops/shared/events";
import { toActivity } from "./to-activity.ts";

/** An entry of the audit log was written: the activity feeds show it. */
export function activityRecorded(entry: AuditLog): AppEvent[] {
  return [{ name: "activity.recorded", payload: toActivity(entry) }];
}
