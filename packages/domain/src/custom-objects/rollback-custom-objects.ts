import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { previousShapeSchema, toDefinition } from "./custom-object-definition.ts";

/**
 * Takes a build's objects out of the app and keeps their records: they stay until deleted explicitly, and a later
 * build of the same object key brings them back. An object the build had changed goes back to the production shape
 * it replaced instead. Rolling back twice changes nothing.
 */
export async function rollbackCustomObjects(
  tx: TenantTransaction,
  input: { buildId: string },
): Promise<CustomObjectDefinition[]> {
  const ofBuild = await tx.customObjectDefinition.findMany({ where: { buildId: input.buildId } });
  const now = new Date();
  for (const row of ofBuild.filter((candidate) => candidate.stage !== "rolled_back")) {
    const previous = previousShapeSchema.safeParse(row.previous);
    if (previous.success) {
      const { promotedAt, ...shape } = previous.data;
      await tx.customObjectDefinition.update({
        where: { id: row.id },
        data: {
          ...shape,
          stage: "production",
          promotedAt: promotedAt ? new Date(promotedAt) : now,
          previous: Prisma.DbNull,
          rolledBackAt: null,
        },
      });
    } else {
      await tx.customObjectDefinition.update({
        where: { id: row.id },
        data: { stage: "rolled_back", rolledBackAt: now },
      });
    }
  }
  // The build's objects as they are now: rolled back, or back in the shape they had before it.
  const after = await tx.customObjectDefinition.findMany({
    where: { key: { in: ofBuild.map((row) => row.key) } },
    orderBy: { key: "asc" },
  });
  return after.map(toDefinition);
}
