import type { TenantTransaction } from "@fieldops/db";
import { takeNextNumber } from "../companies/take-next-number.ts";

/** The company's next job number, without gaps or duplicates (see `takeNextNumber`). */
export async function takeNextJobNumber(tx: TenantTransaction, companyId: string): Promise<number> {
  return takeNextNumber(tx, companyId, "jobs");
}
