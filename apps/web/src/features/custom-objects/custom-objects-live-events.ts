import { companyEndpoints } from "@fieldops/shared/company";
import { customObjectEndpoints } from "@fieldops/shared/custom-objects";
import { tenantEndpoints } from "@fieldops/shared/tenants";
import { endpointKey, pathKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Every object's records and record pages: their keys all start with the records path's "/api/custom". */
const allRecords = pathKey(customObjectEndpoints.records.path).slice(0, 1);
/** The first part of every tenant's config key ("/api/tenants"), whichever tenant: all of them. */
const allTenantConfigs = endpointKey(tenantEndpoints.config, { params: { tenantId: "any" } }).slice(0, 1);

/**
 * Another user's change to a record refreshes its lists and pages; a build's install, preview, promotion or rollback
 * the objects, and the company and its tenant config, whose beta mode follows what is in preview.
 */
export const customObjectsLiveEvents = [
  ...refetchOnLiveEvents(["custom_records.changed"], { queryKey: allRecords }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: endpointKey(customObjectEndpoints.objects) }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: endpointKey(companyEndpoints.get) }),
  ...refetchOnLiveEvents(["custom_objects.changed"], { queryKey: allTenantConfigs }),
];
