import { useQuery } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { customerSchema, type Customer } from "@fieldops/shared/customers";
import { apiRequest } from "./api";
import { QUERY_KEYS } from "./query-keys";

/** One customer, as their page and the job form read it. */
export function useCustomer(id: string, enabled = true) {
  return useQuery<Customer>({
    enabled,
    queryKey: QUERY_KEYS.customer(id),
    queryFn: async () =>
      customerSchema.parse(await (await apiRequest("GET", apiPath(API_PATHS.customer, { id: id }))).json()),
  });
}
