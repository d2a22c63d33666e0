import { API_PATHS } from "@fieldops/shared/api-paths";
import { customObjectEndpoints } from "@fieldops/shared/custom-objects";
import { endpointKey, pathKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

const tenantConfigPathPrefix = API_PATHS.tenantConfig.slice(0, API_PATHS.tenantConfig.indexOf(":"));

/** Every object's records and record pages: their keys all start with the records path's "/api/custom". */
const allRecords = pathKey(customObjectEndpoints.records.path).slice(0, 1);

/**
 * Another user's change to a record refreshes its lists and pages; a build's install, preview, promotion or rollback
 * the objects, and the company and its tenant config, whose beta mode follows what is in preview.
 */
export const customObjectsLiveEvents = [
  ...refetchOnLiveEvents(["custom_records.changed"], { queryKey: allRecords }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: endpointKey(customObjectEndpoints.objects) }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: QUERY_KEYS.company }),
  ...refetchOnLiveEvents(["custom_objects.changed"], {
    predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(tenantConfigPathPrefix),
  }),
];
