import type { Database } from "@fieldops/db";
import { CUSTOM_DOMAIN_NONE, CUSTOM_DOMAIN_NOT_VERIFIED, type CustomDomain } from "@fieldops/shared/custom-domain";
import { conflict } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { getCustomDomain } from "./get-custom-domain.ts";
import { asDomainTaken, refuseDomainVerifiedElsewhere } from "./domain-verified-elsewhere.ts";

/** The TXT records at a DNS name, each as its strings (node:dns `resolveTxt`); a name with none may reject. */
export type TxtLookup = (name: string) => Promise<string[][]>;

/**
 * Verifies the company's domain: its TXT record must carry the company's token. From then on a request whose host is
 * the domain is the tenant's. A lookup that fails (no such name, no record, a DNS error) leaves it unverified. The first
 * company to verify a domain keeps it: another's verification is refused (409), even with its own record published.
 */
export async function verifyCustomDomain(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: { lookUpTxt: TxtLookup; db: Database; now?: Date },
): Promise<CustomDomain> {
  await requirePlanFeature(tx, "custom_domain");
  const current = await getCustomDomain(tx);
  if (!current.recordName || !current.recordValue) throw conflict(CUSTOM_DOMAIN_NONE, "domain");
  if (current.verifiedAt) return current;
  await refuseDomainVerifiedElsewhere(input.db, companyId, current.domain!);
  const records = await input.lookUpTxt(current.recordName).catch(() => []);
  // A long TXT value is split into strings of up to 255 characters; its parts joined are the value.
  if (!records.some((parts) => parts.join("") === current.recordValue))
    throw conflict(CUSTOM_DOMAIN_NOT_VERIFIED, "domain");
  await tx.company
    .update({ where: { id: companyId }, data: { customDomainVerifiedAt: input.now ?? new Date() } })
    .catch((error: unknown) => {
      throw asDomainTaken(error);
    });
  return getCustomDomain(tx);
}
