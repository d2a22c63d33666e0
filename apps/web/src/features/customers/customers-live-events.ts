import { customerEndpoints } from "@fieldops/shared/customers";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** A customer's counts of jobs and visits change with them: the lists and every customer's detail. */
export const customersLiveEvents = refetchOnLiveEvents(["jobs.changed", "visits.changed"], {
  queryKey: endpointKey(customerEndpoints.list),
});
