import type { TenantTransaction } from "@fieldops/db";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { customersToCsv } from "./customer-csv.ts";

/**
 * Every customer as CSV, one row each with the main property and first phone and e-mail, in the columns an import
 * maps by default. Export is a Growth plan feature.
 */
export async function exportCustomers(tx: TenantTransaction): Promise<string> {
  await requirePlanFeature(tx, "export", "CSV export");
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
  return customersToCsv(
    rows.map(({ properties, ...row }) => ({
      ...row,
      accessNotes: properties[0]?.accessNotes ?? null,
      gateCode: properties[0]?.gateCode ?? null,
    })),
  );
}
