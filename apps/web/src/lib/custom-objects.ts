import { useQuery } from "@tanstack/react-query";
import { customObjectDefinitionListSchema, type CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { getQueryFn } from "./api";
import { QUERY_KEYS } from "./query-keys";

const fetchDefinitions = getQueryFn<unknown>({ on401: "throw" });

/**
 * The company's custom objects this user reaches (production ones; preview ones too for owners and admins in beta
 * mode): the sidebar lists them, their pages and forms are generated from them.
 */
export function useCustomObjects(companyId: string | null) {
  return useQuery<CustomObjectDefinition[]>({
    queryKey: QUERY_KEYS.customObjects,
    queryFn: async (context) => customObjectDefinitionListSchema.parse(await fetchDefinitions(context)).items,
    enabled: companyId !== null,
  });
}
