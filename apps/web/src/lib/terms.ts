import { VERTICALS, type Terminology } from "@fieldops/shared/verticals";
import { useCompany } from "./company";
import { useSignedInUser } from "./session";

/** The words used until the company is loaded, and for a user without a company. */
export const STANDARD_TERMS: Terminology = VERTICALS.field_service.terminology;

/** A company's words for jobs, technicians and customers (a plumbing company says Service Call and Plumber). */
export function useCompanyTerms(companyId: string | null): Terminology {
  return useCompany(companyId).data?.terminology ?? STANDARD_TERMS;
}

/** The signed-in user's company's words, for pages inside the signed-in layout. */
export function useTerms(): Terminology {
  return useCompanyTerms(useSignedInUser().companyId);
}
