import { randomBytes } from "node:crypto";
import { Prisma, type TenantTransaction } from "@fieldops/db";
import { CUSTOM_DOMAIN_TAKEN, type CustomDomain } from "@fieldops/shared/custom-domain";
import { conflict } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { getCustomDomain } from "./get-custom-domain.ts";

/**
 * Sets the company's own domain (a Suite feature), unverified, with a fresh token to publish in DNS. Setting the
 * domain it already has changes nothing, so the token the owner may have published stays valid; `null` removes it.
 */
export async function setCustomDomain(
  tx: TenantTransaction,
  input: { companyId: string; domain: string | null },
): Promise<CustomDomain> {
  if (input.domain !== null) await requirePlanFeature(tx, "custom_domain");
  const current = await getCustomDomain(tx);
  if (current.domain === input.domain) return current;
  const token = input.domain === null ? null : randomBytes(18).toString("base64url");
  try {
    await tx.company.update({
      where: { id: input.companyId },
      data: { customDomain: input.domain, customDomainToken: token, customDomainVerifiedAt: null },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(CUSTOM_DOMAIN_TAKEN, "domain");
    throw error;
  }
  return getCustomDomain(tx);
}
