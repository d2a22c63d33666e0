import { randomBytes } from "node:crypto";
import type { Database } from "@fieldops/db";
import type { CustomDomain } from "@fieldops/shared/custom-domain";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { getCustomDomain } from "./get-custom-domain.ts";
import { refuseDomainVerifiedElsewhere } from "./domain-verified-elsewhere.ts";

/**
 * Sets the company's own domain (a Suite feature), unverified, with a fresh token to publish in DNS. Setting the
 * domain it already has changes nothing, so the token the owner may have published stays valid; `null` removes it.
 * Another company's unverified claim of the domain does not stand in the way; its verification does (409).
 */
export async function setCustomDomain(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: { domain: string | null; db: Database },
): Promise<CustomDomain> {
  if (input.domain !== null) await requirePlanFeature(tx, "custom_domain");
  const current = await getCustomDomain(tx);
  if (current.domain === input.domain) return current;
  if (input.domain !== null) await refuseDomainVerifiedElsewhere(input.db, companyId, input.domain);
  const token = input.domain === null ? null : randomBytes(18).toString("base64url");
  await tx.company.update({
    where: { id: companyId },
    data: { customDomain: input.domain, customDomainToken: token, customDomainVerifiedAt: null },
  });
  return getCustomDomain(tx);
}
