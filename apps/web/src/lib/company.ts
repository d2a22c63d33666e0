import { useQuery } from "@tanstack/react-query";
import { companySchema, type Company } from "@fieldops/shared/company";
import { getQueryFn } from "./api";
import { QUERY_KEYS } from "./query-keys";

export const COMPANY_QUERY_KEY = QUERY_KEYS.company;
const fetchCompany = getQueryFn<unknown>({ on401: "throw" });

/** The signed-in user's company (GET /api/company); asked only for users who belong to one. */
export function useCompany(companyId: string | null) {
  return useQuery<Company>({
    queryKey: COMPANY_QUERY_KEY,
    queryFn: async (context) => companySchema.parse(await fetchCompany(context)),
    enabled: companyId !== null,
  });
}
