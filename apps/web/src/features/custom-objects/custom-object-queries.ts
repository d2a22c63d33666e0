import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { customObjectEndpoints, type CustomValue } from "@fieldops/shared/custom-objects";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";

export const CUSTOM_RECORDS_PAGE_SIZE = 25;

/** Every read of an object's records (its lists and its records): what a change to one of them makes stale. */
const objectRecords = (objectKey: string) => endpointKey(customObjectEndpoints.records, { params: { objectKey } });

/** An object's records, a page at a time, searched by `search` or limited to those pointing at `linkedTo`. */
export function useCustomRecordList(
  objectKey: string,
  { search = "", linkedTo }: { search?: string; linkedTo?: string } = {},
) {
  const params = { objectKey };
  const query = { limit: CUSTOM_RECORDS_PAGE_SIZE, ...(search === "" ? {} : { q: search }), linkedTo };
  return useInfiniteQuery({
    queryKey: endpointKey(customObjectEndpoints.records, { params, query }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callEndpoint(customObjectEndpoints.records, {
        params,
        query: { ...query, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCustomRecord(objectKey: string, id: string) {
  return useEndpointQuery(customObjectEndpoints.record, { params: { objectKey, id } });
}

/** Creates (no id) or changes a record; the object's lists are fetched again. */
export function useSaveCustomRecord(objectKey: string, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, CustomValue>) =>
      id === null
        ? callEndpoint(customObjectEndpoints.createRecord, { params: { objectKey }, body: values })
        : callEndpoint(customObjectEndpoints.updateRecord, { params: { objectKey, id }, body: values }),
    // The lists are refetched without holding the form open: the record's live event refetches them too.
    onSuccess: (record) => {
      queryClient.setQueryData(
        endpointKey(customObjectEndpoints.record, { params: { objectKey, id: record.id } }),
        record,
      );
      void queryClient.invalidateQueries({ queryKey: objectRecords(objectKey) });
    },
  });
}

export function useDeleteCustomRecord(objectKey: string, id: string) {
  const queryClient = useQueryClient();
  const params = { objectKey, id };
  return useMutation({
    mutationFn: () => callEndpoint(customObjectEndpoints.deleteRecord, { params, query: { confirm: "true" } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(customObjectEndpoints.record, { params }) });
      void queryClient.invalidateQueries({ queryKey: objectRecords(objectKey) });
    },
  });
}
