import { companySettingsEndpoints } from "@fieldops/shared/company-settings";
import { crewEndpoints } from "@fieldops/shared/crews";
import { teamEndpoints } from "@fieldops/shared/team";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** The people (GET /api/team, registered with the crews), the invitations and the outbox that sends them. */
const TEAM_READS = [
  endpointKey(crewEndpoints.team),
  endpointKey(teamEndpoints.invitations),
  endpointKey(companySettingsEndpoints.outbox),
] as const;

export const useInvitations = (enabled = true) => useEndpointQuery(teamEndpoints.invitations, {}, { enabled });
export const useInvite = () => useEndpointMutation(teamEndpoints.invite, { invalidates: TEAM_READS });
export const useResendInvitation = () =>
  useEndpointMutation(teamEndpoints.resendInvitation, { invalidates: TEAM_READS });
export const useRevokeInvitation = () =>
  useEndpointMutation(teamEndpoints.revokeInvitation, { invalidates: TEAM_READS });
export const useChangeRole = () => useEndpointMutation(teamEndpoints.changeRole, { invalidates: TEAM_READS });
export const useRemoveMember = () => useEndpointMutation(teamEndpoints.removeMember, { invalidates: TEAM_READS });

export const useOutbox = (enabled = true) => useEndpointQuery(companySettingsEndpoints.outbox, {}, { enabled });

/** The team, its invitations and the outbox follow invitations being sent, accepted and withdrawn. */
export const teamLiveEvents = [
  ...TEAM_READS.flatMap((queryKey) => refetchOnLiveEvents(["team.changed"], { queryKey })),
  // Every message's delivery moves on by itself (queued, sending, sent, delivered): the outbox follows it.
  ...refetchOnLiveEvents(["outbox.changed"], { queryKey: endpointKey(companySettingsEndpoints.outbox) }),
];
