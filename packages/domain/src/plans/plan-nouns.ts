import type { TenantTransaction } from "@fieldops/db";
import type { PlanLimitName } from "@fieldops/shared/plans";
import { readCompanyTerminology } from "../companies/read-company-terminology.ts";

/** The company's words for what each limit counts ("service calls", "patients"), lower case for a sentence. */
export async function readLimitNouns(tx: TenantTransaction): Promise<Record<PlanLimitName, string>> {
  const terms = await readCompanyTerminology(tx);
  return {
    jobsPerMonth: terms.jobs.toLowerCase(),
    customers: terms.customers.toLowerCase(),
    teamMembers: "team members",
    storageGb: "storage",
  };
}
