import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest, getQueryFn } from "./api";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/** A read of the API whose answer is checked against its contract. */
export function useParsedQuery<Schema extends z.ZodType>(queryKey: QueryKey, schema: Schema, enabled = true) {
  return useQuery<z.infer<Schema>>({
    queryKey,
    queryFn: async (context) => schema.parse(await fetchJson(context)),
    enabled,
  });
}

/** A write that, once done, has the given reads fetched again. */
export function useWrite<Input, Output>(write: (input: Input) => Promise<Output>, refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A request with an optional JSON body; the answer's JSON, or null for 204. */
export const sendJson = async (method: string, path: string, body?: unknown) => {
  const response = await apiRequest(method, path, body);
  return response.status === 204 ? null : ((await response.json()) as unknown);
};
