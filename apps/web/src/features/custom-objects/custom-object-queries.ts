import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  customRecordListSchema,
  customRecordSchema,
  type CustomRecord,
  type CustomValue,
} from "@fieldops/shared/custom-objects";
import { apiRequest } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

export const CUSTOM_RECORDS_PAGE_SIZE = 25;

/** An object's records, a page at a time, searched by `search` or limited to those pointing at `linkedTo`. */
export function useCustomRecordList(
  objectKey: string,
  { search = "", linkedTo }: { search?: string; linkedTo?: string } = {},
) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.customRecords(objectKey), { q: search, linkedTo: linkedTo ?? null }],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(CUSTOM_RECORDS_PAGE_SIZE) });
      if (search !== "") params.set("q", search);
      if (linkedTo) params.set("linkedTo", linkedTo);
      if (pageParam) params.set("cursor", pageParam);
      const response = await apiRequest(
        "GET",
        `${apiPath(API_PATHS.customRecords, { objectKey })}?${params.toString()}`,
      );
      return customRecordListSchema.parse(await response.json());
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useCustomRecord(objectKey: string, id: string) {
  return useQuery<CustomRecord>({
    queryKey: QUERY_KEYS.customRecord(objectKey, id),
    queryFn: async () =>
      customRecordSchema.parse(
        await (await apiRequest("GET", apiPath(API_PATHS.customRecord, { objectKey, id }))).json(),
      ),
  });
}

/** Creates (no id) or changes a record; the object's lists are fetched again. */
export function useSaveCustomRecord(objectKey: string, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: Record<string, CustomValue>) => {
      const response =
        id === null
          ? await apiRequest("POST", apiPath(API_PATHS.customRecords, { objectKey }), values)
          : await apiRequest("PATCH", apiPath(API_PATHS.customRecord, { objectKey, id }), values);
      return customRecordSchema.parse(await response.json());
    },
    // The lists are refetched without holding the form open: the record's live event refetches them too.
    onSuccess: (record) => {
      queryClient.setQueryData(QUERY_KEYS.customRecord(objectKey, record.id), record);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.customRecords(objectKey) });
    },
  });
}

export function useDeleteCustomRecord(objectKey: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", `${apiPath(API_PATHS.customRecord, { objectKey, id })}?confirm=true`);
    },
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: QUERY_KEYS.customRecord(objectKey, id) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.customRecords(objectKey) });
    },
  });
}
