import { tenantEndpoints } from "@fieldops/shared/tenants";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

const recordsPathPrefix = API_PATHS.customRecords.replace(":objectKey", "");
const tenantConfigPathPrefix = tenantEndpoints.config.path.slice(0, tenantEndpoints.config.path.indexOf(":"));

/**
 * Another user's change to a record refreshes its lists and pages; a build's install, preview, promotion or rollback
 * the objects, and the company and its tenant config, whose beta mode follows what is in preview.
 */
export const customObjectsLiveEvents = [
  ...refetchOnLiveEvents(["custom_records.changed"], {
    predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(recordsPathPrefix),
  }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: QUERY_KEYS.customObjects }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: QUERY_KEYS.company }),
  ...refetchOnLiveEvents(["custom_objects.changed"], {
    predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(tenantConfigPathPrefix),
  }),
];
