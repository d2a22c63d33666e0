import { z } from "zod";
import { Prisma, type CustomObjectDefinition as DefinitionRow, type TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition, CustomObjectStage } from "@fieldops/shared/custom-objects";
import { builtInRelationTargetSchema, customFieldSchema, customRelationSchema } from "@fieldops/shared/feature-spec";
import { can } from "@fieldops/shared/permissions";
import type { Role } from "@fieldops/shared/roles";
import { notFound } from "../errors.ts";

/**
 * Who reaches a custom object: a user by role (production objects for everyone; preview ones with the capability
 * `custom_objects.preview` while the company is in beta mode), or a build's own checks (its objects at any stage but
 * rolled back).
 */
export type CustomObjectAccess = { role: Role } | { buildId: string };

const storedShapeSchema = z.object({
  fields: z.array(customFieldSchema).min(1),
  relations: z.array(customRelationSchema),
  showOn: z.array(builtInRelationTargetSchema),
});

/** The stored row as the app uses it; a row whose fields no longer parse is an error (the build's checks report it). */
export function toDefinition(row: DefinitionRow): CustomObjectDefinition {
  const shape = storedShapeSchema.safeParse({ fields: row.fields, relations: row.relations, showOn: row.showOn });
  if (!shape.success) {
    throw new Error(
      `The definition of ${row.key} is broken: ${shape.error.issues[0]?.message ?? "unreadable"} at ${shape.error.issues[0]?.path.join(".") ?? ""}`,
    );
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

/** A production shape a later build replaced, as `previous` keeps it. */
export const previousShapeSchema = z.object({
  buildId: z.uuid(),
  name: z.string(),
  pluralName: z.string(),
  description: z.string().nullable(),
  fields: z.array(customFieldSchema).min(1),
  relations: z.array(customRelationSchema),
  showOn: z.array(builtInRelationTargetSchema),
  promotedAt: z.iso.datetime().nullable(),
});
export type PreviousShape = z.infer<typeof previousShapeSchema>;

/**
 * What a rollback of the build about to replace `row` must restore: its shape when it is in production, the shape it
 * keeps itself when it is another build's preview of a production object, and nothing once it was rolled back.
 */
export function previousShapeOf(row: DefinitionRow): PreviousShape | null {
  if (row.stage === "rolled_back") return null;
  if (row.stage === "preview") return previousShapeSchema.safeParse(row.previous).data ?? null;
  return {
    buildId: row.buildId,
    name: row.name,
    pluralName: row.pluralName,
    description: row.description,
    fields: customFieldSchema.array().parse(row.fields),
    relations: customRelationSchema.array().parse(row.relations),
    showOn: builtInRelationTargetSchema.array().parse(row.showOn),
    promotedAt: row.promotedAt?.toISOString() ?? null,
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
export async function visibleStages(tx: TenantTransaction, access: CustomObjectAccess): Promise<CustomObjectStage[]> {
  if ("buildId" in access) return ["preview", "production"];
  if (can(access, "custom_objects.preview") && (await companyInBetaMode(tx))) return ["preview", "production"];
  return ["production"];
}

/** The rows `stages` may show: their own, and previews of changes to production objects (shown as they were). */
function visibleRows(stages: readonly CustomObjectStage[]): Prisma.CustomObjectDefinitionWhereInput {
  return { OR: [{ stage: { in: [...stages] } }, { stage: "preview", previous: { not: Prisma.DbNull } }] };
}

/**
 * The definition as a viewer of `stages` sees the row: a preview of a change to a production object shows those who do
 * not try previews the production shape it replaces, until it is promoted.
 */
function visibleDefinition(row: DefinitionRow, stages: readonly CustomObjectStage[]): CustomObjectDefinition | null {
  if (stages.includes(row.stage)) return toDefinition(row);
  const previous = row.stage === "preview" ? previousShapeSchema.safeParse(row.previous) : null;
  if (!previous?.success) return null;
  const { promotedAt: _promotedAt, ...shape } = previous.data;
  return { id: row.id, key: row.key, ...shape, stage: "production" };
}

/** The object `key` as `access` reaches it, with its row; an object it does not reach is not found. */
export async function findCustomObject(
  tx: TenantTransaction,
  key: string,
  access: CustomObjectAccess,
): Promise<{ row: DefinitionRow; definition: CustomObjectDefinition }> {
  const stages = await visibleStages(tx, access);
  const row = await tx.customObjectDefinition.findFirst({
    where: { key, ...visibleRows(stages), ...("buildId" in access ? { buildId: access.buildId } : {}) },
  });
  const definition = row ? visibleDefinition(row, stages) : null;
  if (!row || !definition) throw notFound(`There is no custom object called ${key}`);
  return { row, definition };
}

/** Every object `access` reaches, as it sees them, by name. */
export async function visibleCustomObjects(
  tx: TenantTransaction,
  access: CustomObjectAccess,
): Promise<CustomObjectDefinition[]> {
  const stages = await visibleStages(tx, access);
  const rows = await tx.customObjectDefinition.findMany({ where: visibleRows(stages), orderBy: { key: "asc" } });
  return rows
    .flatMap((row) => visibleDefinition(row, stages) ?? [])
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
}
