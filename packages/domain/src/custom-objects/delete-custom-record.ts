import type { TenantScope } from "../tenant-scope.ts";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { customRecordsChanged } from "./custom-objects-events.ts";

/**
 * Deletes the record; deleting one already gone (or never this company's) succeeds without doing anything. The record
 * asked for is announced either way.
 */
export async function deleteCustomRecord(
  { tx, emit }: Pick<TenantScope, "tx" | "emit">,
  input: { objectKey: string; access: CustomObjectAccess; id: string },
): Promise<void> {
  const { definition } = await findCustomObject(tx, input.objectKey, input.access);
  await tx.customObjectRecord.deleteMany({ where: { id: input.id, definitionId: definition.id } });
  emit(customRecordsChanged(input.objectKey, [input.id]));
}
