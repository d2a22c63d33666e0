import { apiPath } from "@fieldops/shared/api-paths";
import { outboxListResponseSchema } from "@fieldops/shared/outbox";
import {
  invitationListResponseSchema,
  invitationSchema,
  type CreateInvitationRequest,
  type InviteRole,
  teamEndpoints,
} from "@fieldops/shared/team";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { sendJson, useParsedQuery, useWrite } from "../../lib/queries";
import { QUERY_KEYS } from "../../lib/query-keys";

const TEAM_READS = [QUERY_KEYS.team, QUERY_KEYS.invitations, QUERY_KEYS.outbox] as const;

export const useInvitations = (enabled = true) =>
  useParsedQuery(QUERY_KEYS.invitations, invitationListResponseSchema, enabled);
export const useInvite = () =>
  useWrite(
    async (input: CreateInvitationRequest) =>
      invitationSchema.parse(await sendJson("POST", teamEndpoints.invitations.path, input)),
    TEAM_READS,
  );
export const useResendInvitation = () =>
  useWrite((id: string) => sendJson("POST", apiPath(teamEndpoints.resendInvitation.path, { id })), TEAM_READS);
export const useRevokeInvitation = () =>
  useWrite((id: string) => sendJson("DELETE", apiPath(teamEndpoints.revokeInvitation.path, { id })), TEAM_READS);
export const useChangeRole = () =>
  useWrite(
    ({ userId, role }: { userId: string; role: InviteRole }) =>
      sendJson("PATCH", apiPath(teamEndpoints.changeRole.path, { userId }), { role }),
    TEAM_READS,
  );
export const useRemoveMember = () =>
  useWrite((userId: string) => sendJson("DELETE", apiPath(teamEndpoints.changeRole.path, { userId })), TEAM_READS);

export const useOutbox = (enabled = true) => useParsedQuery(QUERY_KEYS.outbox, outboxListResponseSchema, enabled);

/** The team, its invitations and the outbox follow invitations being sent, accepted and withdrawn. */
export const teamLiveEvents = [
  ...refetchOnLiveEvents(["team.changed"], { queryKey: QUERY_KEYS.team }),
  ...refetchOnLiveEvents(["team.changed"], { queryKey: QUERY_KEYS.invitations }),
  ...refetchOnLiveEvents(["team.changed"], { queryKey: QUERY_KEYS.outbox }),
];
