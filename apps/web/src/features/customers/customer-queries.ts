import { useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import {
  customerEndpoints,
  type CreateCustomerRequest,
  type CustomerImport,
  type CustomerImportRequest,
  type UpdateCustomerRequest,
} from "@fieldops/shared/customers";
import { downloadFromApi } from "../../lib/download";
import { callEndpoint, endpointKey, endpointUrl, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

export const CUSTOMERS_PAGE_SIZE = 25;

/** Every customer read (lists and details): what a change to a customer makes stale. */
const allCustomers = endpointKey(customerEndpoints.list);

/** The customer list, a page at a time by cursor, for a search term ("" for everyone). */
export function useCustomerList(search: string) {
  const query = { limit: CUSTOMERS_PAGE_SIZE, ...(search === "" ? {} : { q: search }) };
  return useInfiniteQuery({
    queryKey: endpointKey(customerEndpoints.list, { query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callEndpoint(customerEndpoints.list, { query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** A page-at-a-time read of one customer's history (their visits, their messages), by the last item's id. */
function useCustomerHistory<Page extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | null) => Promise<Page>,
) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCustomerVisits(customerId: string) {
  const params = { id: customerId };
  return useCustomerHistory(endpointKey(customerEndpoints.visits, { params }), (cursor) =>
    callEndpoint(customerEndpoints.visits, { params, query: cursor ? { cursor } : {} }),
  );
}

export function useCustomerMessages(customerId: string) {
  const params = { id: customerId };
  return useCustomerHistory(endpointKey(customerEndpoints.messages, { params }), (cursor) =>
    callEndpoint(customerEndpoints.messages, { params, query: cursor ? { cursor } : {} }),
  );
}

/** Creates (no id) or updates a customer; every customer read is fetched again. */
export function useSaveCustomer(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCustomerRequest | UpdateCustomerRequest) =>
      id === null
        ? callEndpoint(customerEndpoints.create, { body: body as CreateCustomerRequest })
        : callEndpoint(customerEndpoints.update, { params: { id }, body }),
    onSuccess: async (customer) => {
      queryClient.setQueryData(endpointKey(customerEndpoints.get, { params: { id: customer.id } }), customer);
      await queryClient.invalidateQueries({ queryKey: allCustomers });
    },
  });
}

export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  return useEndpointMutation(customerEndpoints.delete, {
    onSuccess: () => queryClient.removeQueries({ queryKey: endpointKey(customerEndpoints.get, { params: { id } }) }),
    invalidates: [allCustomers],
  });
}

export function previewCustomerImport(body: CustomerImportRequest) {
  return callEndpoint(customerEndpoints.previewImport, { body });
}

export function useImportCustomers() {
  return useEndpointMutation(customerEndpoints.import, { invalidates: [allCustomers] });
}

/** While an import locates its addresses its dialog asks again at this pace, in case a live event is missed. */
const IMPORT_POLL_MS = 2000;

/** An import's progress and results, from what starting it answered until it is done. */
export function useCustomerImport(started: CustomerImport) {
  return useEndpointQuery(
    customerEndpoints.getImport,
    { params: { id: started.id } },
    {
      initialData: started,
      refetchInterval: (query) => (query.state.data?.status === "done" ? false : IMPORT_POLL_MS),
    },
  );
}

/** Downloads the CSV export as a file. */
export function downloadCustomersCsv(): Promise<void> {
  return downloadFromApi(endpointUrl(customerEndpoints.export), "customers.csv");
}
