import { apiPath } from "@fieldops/shared/api-paths";
import { auditListResponseSchema } from "@fieldops/shared/audit";
import {
  activeSessionListResponseSchema,
  revokedSessionsResponseSchema,
  type ChangePasswordRequest,
  securityEndpoints,
} from "@fieldops/shared/security";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { sendJson, useParsedQuery, useWrite } from "../../lib/queries";
import { QUERY_KEYS } from "../../lib/query-keys";

export const useSessions = () => useParsedQuery(QUERY_KEYS.securitySessions, activeSessionListResponseSchema);
export const useRevokeSession = () =>
  useWrite(
    async (id: string) =>
      revokedSessionsResponseSchema.parse(await sendJson("DELETE", apiPath(securityEndpoints.endSession.path, { id }))),
    [QUERY_KEYS.securitySessions],
  );
export const useRevokeOtherSessions = () =>
  useWrite(
    async () => revokedSessionsResponseSchema.parse(await sendJson("DELETE", securityEndpoints.sessions.path)),
    [QUERY_KEYS.securitySessions],
  );
export const useChangePassword = () =>
  useWrite(
    async (input: ChangePasswordRequest) =>
      revokedSessionsResponseSchema.parse(await sendJson("PUT", securityEndpoints.changePassword.path, input)),
    [QUERY_KEYS.securitySessions],
  );

export const useAuditLog = (query: string, enabled = true) =>
  useParsedQuery(QUERY_KEYS.auditLog(query), auditListResponseSchema, enabled);

/** The audit log follows the team's changes and every recorded activity. */
export const securityLiveEvents = refetchOnLiveEvents(["team.changed", "activity.recorded"], {
  predicate: (query) => String(query.queryKey[0]).startsWith(QUERY_KEYS.auditLogAll[0]),
});
