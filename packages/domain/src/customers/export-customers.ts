import type { TenantTransaction } from "@fieldops/db";
import { planIdSchema, planHasFeature } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";
import { customersToCsv } from "./customer-csv.ts";

/**
 * Every customer as CSV, one row each with the main property and first phone and e-mail, in the columns an import
 * maps by default. Export is a Growth plan feature.
 */
export async function exportCustomers(tx: TenantTransaction, input: { companyId: string }): Promise<string> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: input.companyId }, select: { planId: true } });
  if (!planHasFeature(planIdSchema.parse(company.planId), "export")) {
    throw planLimitReached("CSV export is part of the Growth plan and above");
  }
  const rows = await tx.customer.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      name: true, email: true, phone: true, street: true, city: true, region: true, postcode: true, latitude: true,
      longitude: true, tags: true, notes: true,
      properties: { orderBy: { position: "asc" }, take: 1, select: { accessNotes: true, gateCode: true } },
    },
  });
  return customersToCsv(rows.map(({ properties, ...row }) => ({
    ...row,
    accessNotes: properties[0]?.accessNotes ?? null,
    gateCode: properties[0]?.gateCode ?? null,
  })));
}
