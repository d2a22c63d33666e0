import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

/** The team, its invitations and the outbox follow invitations being sent, accepted and withdrawn. */
export const companyLiveEvents = [
  ...refetchOnLiveEvents(["team.changed"], { queryKey: QUERY_KEYS.team }),
  ...refetchOnLiveEvents(["team.changed"], { queryKey: QUERY_KEYS.invitations }),
  ...refetchOnLiveEvents(["team.changed"], { queryKey: QUERY_KEYS.outbox }),
  ...refetchOnLiveEvents(["team.changed", "activity.recorded"], {
    predicate: (query) => String(query.queryKey[0]).startsWith(QUERY_KEYS.auditLogAll[0]),
  }),
];
