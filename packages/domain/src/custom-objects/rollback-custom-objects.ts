import type { TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { toDefinition } from "./custom-object-definition.ts";

/**
 * Takes a build's objects out of the app (no route, screen or assistant reaches them) and keeps their records: they
 * stay until deleted explicitly, and a later build of the same object key brings them back. Rolling back twice
 * changes nothing.
 */
export async function rollbackCustomObjects(tx: TenantTransaction, input: { buildId: string }): Promise<CustomObjectDefinition[]> {
  await tx.customObjectDefinition.updateMany({
    where: { buildId: input.buildId, stage: { in: ["preview", "production"] } },
    data: { stage: "rolled_back", rolledBackAt: new Date() },
  });
  const rows = await tx.customObjectDefinition.findMany({ where: { buildId: input.buildId }, orderBy: { key: "asc" } });
  return rows.map(toDefinition);
}
