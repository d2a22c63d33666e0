import { customObjectEndpoints, type CustomObjectDefinitionList } from "@fieldops/shared/custom-objects";
import { useEndpointQuery } from "./endpoints";

const definitionsOf = (list: CustomObjectDefinitionList) => list.items;

/**
 * The company's custom objects this user reaches (production ones; preview ones too for owners and admins in beta
 * mode): the sidebar lists them, their pages and forms are generated from them.
 */
export function useCustomObjects(companyId: string | null) {
  return useEndpointQuery(customObjectEndpoints.objects, {}, { enabled: companyId !== null, select: definitionsOf });
}
