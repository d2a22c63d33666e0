import type { TenantTransaction } from "@fieldops/db";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";

/** Deletes the record; deleting one already gone (or never this company's) succeeds without doing anything. */
export async function deleteCustomRecord(
  tx: TenantTransaction,
  input: { objectKey: string; access: CustomObjectAccess; id: string },
): Promise<void> {
  const { definition } = await findCustomObject(tx, input.objectKey, input.access);
  await tx.customObjectRecord.deleteMany({ where: { id: input.id, definitionId: definition.id } });
}
