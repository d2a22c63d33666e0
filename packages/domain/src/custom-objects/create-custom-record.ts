import type { CustomRecord } from "@fieldops/shared/custom-objects";
import { actorUserId, type TenantScope } from "../tenant-scope.ts";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { customRecordsChanged } from "./custom-objects-events.ts";
import { toCustomRecord } from "./custom-record-row.ts";
import { recordValuesToStore } from "./record-values.ts";

/** A new record of a custom object, made by the scope's actor (the system's records name no one); announces it. */
export async function createCustomRecord(
  { tx, actor, emit }: Pick<TenantScope, "tx" | "actor" | "emit">,
  input: { objectKey: string; access: CustomObjectAccess; values: unknown },
): Promise<CustomRecord> {
  const { row: definitionRow, definition } = await findCustomObject(tx, input.objectKey, input.access);
  const stored = await recordValuesToStore(tx, definition, input.values);
  const row = await tx.customObjectRecord.create({
    data: {
      companyId: definitionRow.companyId,
      definitionId: definition.id,
      ...stored,
      createdByUserId: actorUserId(actor),
    },
  });
  const record = await toCustomRecord(tx, definition, row);
  emit(customRecordsChanged(record.objectKey, [record.id]));
  return record;
}
