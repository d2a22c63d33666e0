import type { CustomRecord } from "@fieldops/shared/custom-objects";
import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { customRecordsChanged } from "./custom-objects-events.ts";
import { toCustomRecord } from "./custom-record-row.ts";
import { valuesOf } from "./record-title.ts";
import { recordValuesToStore } from "./record-values.ts";

/** Changes the values given (null clears an optional one) and keeps the others; announces the record. */
export async function updateCustomRecord(
  { tx, emit }: Pick<TenantScope, "tx" | "emit">,
  input: { objectKey: string; access: CustomObjectAccess; id: string; values: unknown },
): Promise<CustomRecord> {
  const { definition } = await findCustomObject(tx, input.objectKey, input.access);
  // Locked, so two changes at once each keep the other's values.
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM custom_object_records WHERE id = ${input.id}::uuid AND "definitionId" = ${definition.id}::uuid FOR UPDATE`;
  const current = locked.length > 0 ? await tx.customObjectRecord.findUnique({ where: { id: input.id } }) : null;
  if (!current) throw notFound(`${definition.name} not found`);
  const stored = await recordValuesToStore(tx, definition, input.values, valuesOf(current.values));
  const row = await tx.customObjectRecord.update({ where: { id: current.id }, data: stored });
  const record = await toCustomRecord(tx, definition, row);
  emit(customRecordsChanged(record.objectKey, [record.id]));
  return record;
}
