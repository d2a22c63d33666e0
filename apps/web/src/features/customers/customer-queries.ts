import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  customerImportPreviewSchema,
  customerImportResultSchema,
  customerListResponseSchema,
  customerSchema,
  type CreateCustomerRequest,
  type CustomerImportRequest,
  type UpdateCustomerRequest,
} from "@fieldops/shared/customers";
import { apiRequest } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";
import { downloadFromApi } from "../../lib/download";

export const CUSTOMERS_PAGE_SIZE = 25;

/** The customer list, a page at a time by cursor, for a search term ("" for everyone). */
export function useCustomerList(search: string) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.customers, { q: search }],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(CUSTOMERS_PAGE_SIZE) });
      if (search !== "") params.set("q", search);
      if (pageParam) params.set("cursor", pageParam);
      const response = await apiRequest("GET", `${API_PATHS.customers}?${params.toString()}`);
      return customerListResponseSchema.parse(await response.json());
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Creates (no id) or updates a customer; the list and the customer are fetched again. */
export function useSaveCustomer(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCustomerRequest | UpdateCustomerRequest) => {
      const response =
        id === null
          ? await apiRequest("POST", API_PATHS.customers, body)
          : await apiRequest("PATCH", apiPath(API_PATHS.customer, { id: id }), body);
      return customerSchema.parse(await response.json());
    },
    onSuccess: async (customer) => {
      queryClient.setQueryData(QUERY_KEYS.customer(customer.id), customer);
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.customers });
    },
  });
}

export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", `${apiPath(API_PATHS.customer, { id: id })}?confirm=true`);
    },
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: QUERY_KEYS.customer(id) });
      await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.customers });
    },
  });
}

export async function previewCustomerImport(body: CustomerImportRequest) {
  return customerImportPreviewSchema.parse(
    await (await apiRequest("POST", API_PATHS.customersImportPreview, body)).json(),
  );
}

export function useImportCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustomerImportRequest) =>
      customerImportResultSchema.parse(await (await apiRequest("POST", API_PATHS.customersImport, body)).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.customers }),
  });
}

/** Downloads the CSV export as a file. */
export function downloadCustomersCsv(): Promise<void> {
  return downloadFromApi(API_PATHS.customersExport, "customers.csv");
}
