import { companyEndpoints } from "@fieldops/shared/company";
import { endpointKey, useEndpointQuery } from "./endpoints";

export const COMPANY_QUERY_KEY = endpointKey(companyEndpoints.get);

/** The signed-in user's company (GET /api/company); asked only for users who belong to one. */
export function useCompany(companyId: string | null) {
  return useEndpointQuery(companyEndpoints.get, {}, { enabled: companyId !== null });
}
