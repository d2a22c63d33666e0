import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { featureSpecSchema, type FeatureSpec } from "@fieldops/shared/feature-spec";
import { invalidInput } from "../errors.ts";
import { currentCompanyId, previousShapeOf, toDefinition } from "./custom-object-definition.ts";
import { fieldSentence } from "@fieldops/shared/validation-messages";

/**
 * Installs a build's entities as the company's custom objects, in preview. One definition per object key: an object
 * a build already installed is left as it is (a retried stage changes nothing), and an object of an earlier build
 * (in production, or rolled back with its records kept) takes this build's shape and comes back in preview. The
 * production shape it replaces is kept, for a rollback of this build to restore.
 */
export async function installCustomObjects(
  tx: TenantTransaction,
  input: { buildId: string; spec: FeatureSpec },
): Promise<CustomObjectDefinition[]> {
  const parsed = featureSpecSchema.safeParse(input.spec);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidInput(
      `The feature spec is invalid: ${fieldSentence(issue.path.map(String), issue.message)}`,
      issue.path.join(".") || undefined,
    );
  }
  const companyId = await currentCompanyId(tx);
  const installed: CustomObjectDefinition[] = [];
  for (const entity of parsed.data.entities) {
    const shape = {
      buildId: input.buildId,
      name: entity.name,
      pluralName: entity.pluralName,
      description: entity.description ?? null,
      fields: entity.fields,
      relations: entity.relations,
      showOn: entity.showOn,
    };
    const existing = await tx.customObjectDefinition.findUnique({
      where: { companyId_key: { companyId, key: entity.key } },
    });
    if (existing?.buildId === input.buildId) {
      installed.push(toDefinition(existing));
      continue;
    }
    const previous = existing ? previousShapeOf(existing) : null;
    const row = await tx.customObjectDefinition.upsert({
      where: { companyId_key: { companyId, key: entity.key } },
      create: { companyId, key: entity.key, ...shape },
      update: {
        ...shape,
        stage: "preview",
        previous: previous ?? Prisma.DbNull,
        installedAt: new Date(),
        promotedAt: null,
        rolledBackAt: null,
      },
    });
    installed.push(toDefinition(row));
  }
  return installed;
}
