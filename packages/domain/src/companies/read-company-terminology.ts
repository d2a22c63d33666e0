import type { TenantTransaction } from "@fieldops/db";
import { terminologySchema, type Terminology } from "@fieldops/shared/verticals";

/** The transaction's company's words for its records ("Job", "Service call", "Patients"), in one statement. */
export async function readCompanyTerminology(tx: TenantTransaction): Promise<Terminology> {
  // Row-level security shows the transaction its own company only.
  const [row] = await tx.$queryRaw<{ terminology: unknown }[]>`
    SELECT v.terminology FROM companies c JOIN verticals v ON v.id = c."verticalId"`;
  if (!row) throw new Error("The transaction is bound to no company");
  return terminologySchema.parse(row.terminology);
}
