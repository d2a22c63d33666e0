import { customerEndpoints } from "@fieldops/shared/customers";
import { useEndpointQuery } from "./endpoints";

/** One customer, as their page and the job form read it. */
export function useCustomer(id: string, enabled = true) {
  return useEndpointQuery(customerEndpoints.get, { params: { id } }, { enabled });
}
