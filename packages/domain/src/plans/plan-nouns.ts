import type { TenantTransaction } from "@fieldops/db";
import type { PlanLimitName } from "@fieldops/shared/plans";
import { terminologySchema } from "@fieldops/shared/verticals";

/** The company's words for what each limit counts ("service calls", "patients"), lower case for a sentence. */
export async function readLimitNouns(tx: TenantTransaction): Promise<Record<PlanLimitName, string>> {
  const company = await tx.company.findFirstOrThrow({ select: { vertical: { select: { terminology: true } } } });
  const terms = terminologySchema.parse(company.vertical.terminology);
  return { jobsPerMonth: terms.jobs.toLowerCase(), customers: terms.customers.toLowerCase(), teamMembers: "team members", storageGb: "storage" };
}
