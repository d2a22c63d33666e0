import { recordExport } from "../audit/record-export.ts";
import { assertExportAllowed } from "../hipaa/manage-hipaa-mode.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { customersToCsv } from "./customer-csv.ts";

/**
 * Every customer as CSV, one row each with the main property and first phone and e-mail, in the columns an import
 * maps by default. Export is a Growth plan feature; each export is audited; in HIPAA mode it needs an owner (`approved`:
 * an owner approved the run that asks for it).
 */
export async function exportCustomers(
  scope: TenantScope,
  options: { approved?: boolean } = {},
): Promise<{ csv: string; count: number }> {
  const { tx } = scope;
  await requirePlanFeature(tx, "export", "CSV export");
  await assertExportAllowed(scope, options);
  const rows = await tx.customer.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      name: true,
      email: true,
      phone: true,
      street: true,
      city: true,
      region: true,
      postcode: true,
      latitude: true,
      longitude: true,
      tags: true,
      notes: true,
      properties: { orderBy: { position: "asc" }, take: 1, select: { accessNotes: true, gateCode: true } },
    },
  });
  await recordExport(scope, {
    entityType: "customer",
    what: `${rows.length} customer${rows.length === 1 ? "" : "s"}`,
    details: { rows: rows.length },
  });
  const csv = customersToCsv(
    rows.map(({ properties, ...row }) => ({
      ...row,
      accessNotes: properties[0]?.accessNotes ?? null,
      gateCode: properties[0]?.gateCode ?? null,
    })),
  );
  return { csv, count: rows.length };
}
