import type { TenantTransaction } from "@fieldops/db";
import type { CustomRecord } from "@fieldops/shared/custom-objects";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { toCustomRecord } from "./custom-record-row.ts";
import { recordValuesToStore } from "./record-values.ts";

export async function createCustomRecord(
  tx: TenantTransaction,
  input: { objectKey: string; access: CustomObjectAccess; values: unknown; userId?: string | null },
): Promise<CustomRecord> {
  const { row: definitionRow, definition } = await findCustomObject(tx, input.objectKey, input.access);
  const stored = await recordValuesToStore(tx, definition, input.values);
  const row = await tx.customObjectRecord.create({
    data: {
      companyId: definitionRow.companyId,
      definitionId: definition.id,
      ...stored,
      createdByUserId: input.userId ?? null,
    },
  });
  return toCustomRecord(tx, definition, row);
}
