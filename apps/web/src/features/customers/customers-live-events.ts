import { customerEndpoints } from "@fieldops/shared/customers";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

const allCustomers = endpointKey(customerEndpoints.list);

/**
 * A customer's counts of jobs and visits, and their visits, change with them, and an import adds customers and locates
 * their addresses: the lists, every customer's detail and the imports' progress (all under the list's key). The
 * messages sent to a customer come with the sending of their invoices and estimates.
 */
export const customersLiveEvents = [
  ...refetchOnLiveEvents(["jobs.changed", "visits.changed", "customer_import.updated"], { queryKey: allCustomers }),
  ...refetchOnLiveEvents(["invoices.changed", "estimates.changed", "outbox.changed"], {
    queryKey: allCustomers,
    predicate: (query) => query.queryKey[2] === "messages",
  }),
];
