import type { Database, TenantTransaction } from "@fieldops/db";
import { brandingSchema, type Branding } from "@fieldops/shared/company";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import { PUBLIC_LINK_NOT_FOUND, type ReviewCompany } from "@fieldops/shared/review";
import { notFound } from "../errors.ts";
import { resolvePublicLink } from "../public-links/public-links.ts";

export const reviewNotFound = () => notFound(PUBLIC_LINK_NOT_FOUND);

/** Who a customer's request acts for: the company, and the customer when it came through their portal link. */
export interface ReviewAccess {
  companyId: string;
  portalCustomerId: string | null;
}

/** What a customer's page opens with its own link; the portal opens the customer's ones of these too. */
export type ReviewSubjectKind = "estimate" | "invoice_review";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the credential of an estimate's or an invoice's page: the subject's own token, or
 * `<customerId>.<portal token>` from the customer's portal (checked against the subject's customer, in the tenant's
 * transaction, by `assertPortalCustomer`).
 */
export async function resolveReviewAccess(
  db: Database,
  kind: ReviewSubjectKind,
  subjectId: string,
  credential: string | undefined,
): Promise<ReviewAccess> {
  if (!credential) throw reviewNotFound();
  const dot = credential.indexOf(".");
  if (dot === -1) {
    const companyId = await resolvePublicLink(db, kind, subjectId, credential);
    if (!companyId) throw reviewNotFound();
    return { companyId, portalCustomerId: null };
  }
  return resolvePortalAccess(db, credential.slice(0, dot), credential.slice(dot + 1));
}

export async function resolvePortalAccess(
  db: Database,
  customerId: string,
  token: string | undefined,
): Promise<ReviewAccess> {
  if (!token || !UUID.test(customerId)) throw reviewNotFound();
  const companyId = await resolvePublicLink(db, "customer_portal", customerId, token);
  if (!companyId) throw reviewNotFound();
  return { companyId, portalCustomerId: customerId };
}

/** A subject opened from the customer's portal must be that customer's; a subject's own link is not concerned. */
export function assertPortalCustomer(access: ReviewAccess, customerId: string): void {
  if (access.portalCustomerId !== null && customerId !== access.portalCustomerId) throw reviewNotFound();
}

/** A portal link stops opening anything when the company's plan loses the portal. */
export function assertPortalInPlan(access: ReviewAccess, planId: string): void {
  if (access.portalCustomerId !== null && !planHasFeature(planIdSchema.parse(planId), "portal")) throw reviewNotFound();
}

/** The company's face on a customer's page; a portal link stops opening anything when the plan loses the portal. */
export async function reviewCompany(tx: TenantTransaction, access: ReviewAccess): Promise<ReviewCompany> {
  const company = await tx.company.findFirstOrThrow({
    select: { name: true, branding: true, timeZone: true, planId: true },
  });
  assertPortalInPlan(access, company.planId);
  return { branding: reviewBranding(company), timeZone: company.timeZone };
}

/** The branding a customer's page shows: the company's own, its name and the default colour where it set none. */
export function reviewBranding(company: { name: string; branding: unknown }): Branding {
  const branding = brandingSchema.safeParse(company.branding).data;
  return {
    name: branding?.name || company.name,
    logo: branding?.logo ?? null,
    primaryColor: branding?.primaryColor ?? "#16a34a",
  };
}
