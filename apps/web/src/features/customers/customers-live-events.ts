import { API_PATHS } from "@fieldops/shared/api-paths";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

const customerPathPrefix = `${API_PATHS.customers}/`;

/** A customer's counts of jobs and visits change with them: the list and every customer's detail. */
export const customersLiveEvents = [
  ...refetchOnLiveEvents(["jobs.changed", "visits.changed"], { queryKey: QUERY_KEYS.customers }),
  ...refetchOnLiveEvents(["jobs.changed", "visits.changed"], {
    predicate: (query) => typeof query.queryKey[0] === "string" && query.queryKey[0].startsWith(customerPathPrefix),
  }),
];
