import { automationEndpoints } from "@fieldops/shared/automations";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** An automation changed, or its runs were planned, fired or canceled: its list, page and history refetch. */
export const automationsLiveEvents = refetchOnLiveEvents(["automations.changed"], {
  queryKey: endpointKey(automationEndpoints.list),
});
