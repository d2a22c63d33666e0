import { API_PATHS } from "@fieldops/shared/api-paths";
import { companyEndpoints } from "@fieldops/shared/company";
import { tenantEndpoints } from "@fieldops/shared/tenants";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

const recordsPathPrefix = API_PATHS.customRecords.replace(":objectKey", "");
/** The first part of every tenant's config key ("/api/tenants"), whichever tenant: all of them. */
const allTenantConfigs = endpointKey(tenantEndpoints.config, { params: { tenantId: "any" } }).slice(0, 1);

/**
 * Another user's change to a record refreshes its lists and pages; a build's install, preview, promotion or rollback
 * the objects, and the company and its tenant config, whose beta mode follows what is in preview.
 */
export const customObjectsLiveEvents = [
  ...refetchOnLiveEvents(["custom_records.changed"], {
    predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(recordsPathPrefix),
  }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: QUERY_KEYS.customObjects }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: endpointKey(companyEndpoints.get) }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: allTenantConfigs }),
];
