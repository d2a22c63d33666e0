import { webhookEndpoints } from "@fieldops/shared/webhooks";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** A delivery written or tried: the open delivery logs (under the subscriptions' key) refetch, live. */
export const webhooksLiveEvents = refetchOnLiveEvents(["webhook_deliveries.changed"], {
  queryKey: endpointKey(webhookEndpoints.list),
});
