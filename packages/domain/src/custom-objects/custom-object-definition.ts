import { z } from "zod";
import type { CustomObjectDefinition as DefinitionRow, TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { builtInRelationTargetSchema, customFieldSchema, customRelationSchema } from "@fieldops/shared/feature-spec";
import type { Role } from "@fieldops/shared/roles";
import { notFound } from "../errors.ts";

/**
 * Who reaches a custom object: a user by role (production objects for everyone; preview ones for owners and
 * administrators while the company is in beta mode), or a build's own checks (its objects at any stage but rolled back).
 */
export type CustomObjectAccess = { role: Role } | { buildId: string };

/** The roles that try a preview object while the company is in beta mode. */
export const PREVIEW_ROLES: readonly Role[] = ["owner", "admin"];

const storedShapeSchema = z.object({
  fields: z.array(customFieldSchema).min(1),
  relations: z.array(customRelationSchema),
  showOn: z.array(builtInRelationTargetSchema),
});

/** The stored row as the app uses it; a row whose fields no longer parse is an error (the build's checks report it). */
export function toDefinition(row: DefinitionRow): CustomObjectDefinition {
  const shape = storedShapeSchema.safeParse({ fields: row.fields, relations: row.relations, showOn: row.showOn });
  if (!shape.success) {
    throw new Error(`The definition of ${row.key} is broken: ${shape.error.issues[0]?.message ?? "unreadable"} at ${shape.error.issues[0]?.path.join(".") ?? ""}`);
  }
  return {
    id: row.id,
    key: row.key,
    buildId: row.buildId,
    name: row.name,
    pluralName: row.pluralName,
    description: row.description,
    ...shape.data,
    stage: row.stage,
  };
}

/** The company the transaction is bound to (`withTenant`). */
export async function currentCompanyId(tx: TenantTransaction): Promise<string> {
  const rows = await tx.$queryRaw<{ id: string | null }[]>`SELECT app_current_company()::text AS id`;
  const id = rows[0]?.id;
  if (!id) throw new Error("The transaction is not bound to a company");
  return id;
}

/** Whether the company is in beta mode, where owners and administrators try preview objects. */
async function companyInBetaMode(tx: TenantTransaction): Promise<boolean> {
  const company = await tx.company.findFirst({ select: { betaMode: true } });
  return company?.betaMode ?? false;
}

/** The stages `access` reaches in this company. */
export async function visibleStages(tx: TenantTransaction, access: CustomObjectAccess): Promise<Array<"preview" | "production">> {
  if ("buildId" in access) return ["preview", "production"];
  if (PREVIEW_ROLES.includes(access.role) && (await companyInBetaMode(tx))) return ["preview", "production"];
  return ["production"];
}

/** The object `key` as `access` reaches it, with its row; an object it does not reach is not found. */
export async function findCustomObject(
  tx: TenantTransaction,
  key: string,
  access: CustomObjectAccess,
): Promise<{ row: DefinitionRow; definition: CustomObjectDefinition }> {
  const stages = await visibleStages(tx, access);
  const row = await tx.customObjectDefinition.findFirst({
    where: { key, stage: { in: stages }, ...("buildId" in access ? { buildId: access.buildId } : {}) },
  });
  if (!row) throw notFound(`There is no custom object called ${key}`);
  return { row, definition: toDefinition(row) };
}
