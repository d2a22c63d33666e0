import type { TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { isBuiltInTarget } from "@fieldops/shared/custom-objects";
import { recordTitle } from "./record-title.ts";
import { currentCompanyId, toDefinition } from "./custom-object-definition.ts";

/**
 * A record a relation points at: a customer, job, visit, crew, invoice or team member, or a record of another custom
 * object.
 */
export interface LinkTarget {
  target: string;
  id: string;
}

export const linkKey = (link: LinkTarget) => `${link.target}:${link.id}`;

/**
 * The display name of each target that exists in the company (keyed `<target>:<id>`); a target that does not exist,
 * or is another company's (row-level security hides it), is absent.
 */
export async function describeLinkTargets(
  tx: TenantTransaction,
  links: readonly LinkTarget[],
): Promise<Map<string, string>> {
  const byTarget = new Map<string, string[]>();
  for (const link of links) byTarget.set(link.target, [...new Set([...(byTarget.get(link.target) ?? []), link.id])]);
  const labels = new Map<string, string>();
  for (const [target, ids] of byTarget) {
    for (const [id, label] of await labelsOf(tx, target, ids)) labels.set(`${target}:${id}`, label);
  }
  return labels;
}

async function labelsOf(tx: TenantTransaction, target: string, ids: string[]): Promise<Array<[string, string]>> {
  const where = { id: { in: ids } };
  if (!isBuiltInTarget(target)) {
    const rows = await tx.customObjectRecord.findMany({
      where: { ...where, definition: { key: target } },
      include: { definition: true },
    });
    return rows.map((row) => [row.id, recordTitle(toDefinition(row.definition), row.id, row.values)]);
  }
  switch (target) {
    case "customer":
      return (await tx.customer.findMany({ where, select: { id: true, name: true } })).map((row) => [row.id, row.name]);
    case "job":
      return (await tx.job.findMany({ where, select: { id: true, number: true, title: true } })).map((row) => [
        row.id,
        `Job #${row.number} ${row.title}`,
      ]);
    case "visit":
      return (
        await tx.visit.findMany({ where, select: { id: true, scheduledStart: true, job: { select: { title: true } } } })
      ).map((row) => [
        row.id,
        `Visit: ${row.job.title}${row.scheduledStart ? ` (${row.scheduledStart.toISOString().slice(0, 10)})` : ""}`,
      ]);
    case "crew":
      return (await tx.crew.findMany({ where, select: { id: true, name: true } })).map((row) => [row.id, row.name]);
    case "invoice":
      return (await tx.invoice.findMany({ where, select: { id: true, number: true } })).map((row) => [
        row.id,
        `Invoice #${row.number}`,
      ]);
    case "team_member": {
      // Users are not all a company's (platform administrators have none): the company is named, not left to RLS.
      const companyId = await currentCompanyId(tx);
      return (await tx.user.findMany({ where: { ...where, companyId }, select: { id: true, name: true } })).map(
        (row) => [row.id, row.name],
      );
    }
  }
}

/** The relations of a definition that hold a value, as targets. */
export function linksOf(
  definition: Pick<CustomObjectDefinition, "relations">,
  values: Record<string, unknown>,
): Array<LinkTarget & { key: string }> {
  return definition.relations.flatMap((relation) => {
    const id = values[relation.key];
    return typeof id === "string" ? [{ key: relation.key, target: relation.target, id }] : [];
  });
}
