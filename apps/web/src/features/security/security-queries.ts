import { auditEndpoints, type AuditQuery } from "@fieldops/shared/audit";
import { securityEndpoints } from "@fieldops/shared/security";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

const SESSIONS = [endpointKey(securityEndpoints.sessions)];

export const useSessions = () => useEndpointQuery(securityEndpoints.sessions, {});
export const useRevokeSession = () => useEndpointMutation(securityEndpoints.endSession, { invalidates: SESSIONS });
export const useRevokeOtherSessions = () =>
  useEndpointMutation(securityEndpoints.endOtherSessions, { invalidates: SESSIONS });
export const useChangePassword = () => useEndpointMutation(securityEndpoints.changePassword, { invalidates: SESSIONS });

/** Each filter and page is its own cached read: the query is part of the key. */
export const useAuditLog = (query: AuditQuery, enabled = true) =>
  useEndpointQuery(auditEndpoints.list, { query }, { enabled });

/** The audit log follows the team's changes and every recorded activity. */
export const securityLiveEvents = refetchOnLiveEvents(["team.changed", "activity.recorded"], {
  queryKey: endpointKey(auditEndpoints.list),
});
