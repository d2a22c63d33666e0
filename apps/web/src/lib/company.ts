import { useQuery } from "@tanstack/react-query";
import { companyEndpoints } from "@fieldops/shared/company";
import { readThroughDevice } from "./device-store";
import { callEndpoint, endpointKey } from "./endpoints";

export const COMPANY_QUERY_KEY = endpointKey(companyEndpoints.get);

/**
 * The signed-in user's company (GET /api/company); asked only for users who belong to one. Kept on the device, so
 * that the field app speaks the company's words (a nurse's Patient Visits) also without a connection.
 */
export function useCompany(companyId: string | null) {
  return useQuery({
    queryKey: COMPANY_QUERY_KEY,
    queryFn: () => readThroughDevice("company", () => callEndpoint(companyEndpoints.get)),
    enabled: companyId !== null,
    networkMode: "offlineFirst",
  });
}
