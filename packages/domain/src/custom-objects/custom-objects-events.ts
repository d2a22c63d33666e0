import type { AppEvent } from "@fieldops/shared/events";

export function customRecordsChanged(objectKey: string, recordIds: readonly string[]): AppEvent[] {
  return [{ name: "custom_records.changed", payload: { objectKey, recordIds: [...recordIds] } }];
}
