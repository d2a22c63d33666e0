import type { TenantTransaction } from "@fieldops/db";
import { customDomainRecordName, customDomainRecordValue, type CustomDomain } from "@fieldops/shared/custom-domain";

/** The transaction's company's domain and the TXT record that proves it. */
export async function getCustomDomain(tx: TenantTransaction): Promise<CustomDomain> {
  // Row-level security shows the transaction its own company only.
  const company = await tx.company.findFirstOrThrow({
    select: { customDomain: true, customDomainToken: true, customDomainVerifiedAt: true },
  });
  const { customDomain: domain, customDomainToken: token } = company;
  return {
    domain,
    recordName: domain ? customDomainRecordName(domain) : null,
    recordValue: domain && token ? customDomainRecordValue(token) : null,
    verifiedAt: company.customDomainVerifiedAt?.toISOString() ?? null,
  };
}
