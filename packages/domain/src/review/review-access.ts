import type { Database, TenantTransaction } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import type { ReviewCompany } from "@fieldops/shared/review";
import { notFound } from "../errors.ts";
import { resolvePublicLink } from "../public-links/public-links.ts";

/** The one answer to a link that opens nothing: a missing estimate, a wrong, revoked or absent token are alike. */
export const REVIEW_NOT_FOUND = "This link is not valid. Ask the company for a new one.";

export const reviewNotFound = () => notFound(REVIEW_NOT_FOUND);

/** Who a customer's request acts for: the company, and the customer when it came through their portal link. */
export interface ReviewAccess {
  companyId: string;
  portalCustomerId: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads an estimate page's credential: the estimate's own token, or `<customerId>.<portal token>` from the customer's
 * portal (checked against the estimate's customer, in the tenant's transaction, by `assertPortalEstimate`).
 */
export async function resolveEstimateAccess(db: Database, estimateId: string, credential: string | undefined): Promise<ReviewAccess> {
  if (!credential) throw reviewNotFound();
  const dot = credential.indexOf(".");
  if (dot === -1) {
    const companyId = await resolvePublicLink(db, "estimate", estimateId, credential);
    if (!companyId) throw reviewNotFound();
    return { companyId, portalCustomerId: null };
  }
  return resolvePortalAccess(db, credential.slice(0, dot), credential.slice(dot + 1));
}

export async function resolvePortalAccess(db: Database, customerId: string, token: string | undefined): Promise<ReviewAccess> {
  if (!token || !UUID.test(customerId)) throw reviewNotFound();
  const companyId = await resolvePublicLink(db, "customer_portal", customerId, token);
  if (!companyId) throw reviewNotFound();
  return { companyId, portalCustomerId: customerId };
}

/** The company's face on a customer's page; a portal link stops opening anything when the plan loses the portal. */
export async function reviewCompany(tx: TenantTransaction, access: ReviewAccess): Promise<ReviewCompany> {
  const company = await tx.company.findFirstOrThrow({ select: { name: true, branding: true, timeZone: true, planId: true } });
  if (access.portalCustomerId && !planHasFeature(planIdSchema.parse(company.planId), "portal")) throw reviewNotFound();
  const branding = brandingSchema.safeParse(company.branding).data;
  return { branding: { name: branding?.name || company.name, logo: branding?.logo ?? null, primaryColor: branding?.primaryColor ?? "#16a34a" }, timeZone: company.timeZone };
}
