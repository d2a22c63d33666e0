import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userSessionIds } from "@fieldops/domain/security/user-sessions";
import { completeOnboarding } from "@fieldops/domain/onboarding/complete-onboarding";
import { acceptInvitation, lookUpInvitation } from "@fieldops/domain/team/accept-invitation";
import { changeMemberRole, removeTeamMember } from "@fieldops/domain/team/change-member-role";
import { inviteTeamMember } from "@fieldops/domain/team/create-invitation";
import { listInvitations, resendInvitation, revokeInvitation } from "@fieldops/domain/team/manage-invitations";
import { teamChanged } from "@fieldops/domain/team/team-events";
import { onboardingEndpoints } from "@fieldops/shared/onboarding";
import { teamEndpoints } from "@fieldops/shared/team";
import type { AppContext } from "../context.ts";
import { sendSession, startSession } from "../auth/start-session.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";
import { publishCommitted } from "../http/publish-committed.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

/** Invitation look-ups and acceptances per client address and hour: enough for a team, too few to guess links. */
export const INVITATION_ATTEMPTS_PER_HOUR = 30;

export const teamRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, teamEndpoints.invitations, async ({ tx }) => ({ items: await listInvitations(tx) }));

  tenantEndpoint(app, context, teamEndpoints.invite, (scope, { body }, request) =>
    inviteTeamMember(scope, { invitation: body, appOrigin: appOrigin(context, request) }),
  );

  tenantEndpoint(app, context, teamEndpoints.resendInvitation, (scope, { params }, request) =>
    resendInvitation(scope, { id: params.id, appOrigin: appOrigin(context, request) }),
  );

  tenantEndpoint(app, context, teamEndpoints.revokeInvitation, (scope, { params }) =>
    revokeInvitation(scope, { id: params.id }),
  );

  // The two changes to a member drop their sessions' cached copies once committed, so the guard is their own.
  registerEndpoint(app, teamEndpoints.changeRole, async ({ params, body }, request) => {
    const result = await withCompanyUser(
      context,
      request,
      (scope) => changeMemberRole(scope, { userId: params.userId, role: body.role }),
      { capability: teamEndpoints.changeRole.capability },
    );
    // The sessions stay; their cached copies (with the old role) are dropped everywhere, so the next request reads the new one.
    await context.sessionCache.revoke(await userSessionIds(context.db, result.id));
    return result;
  });

  registerEndpoint(app, teamEndpoints.removeMember, async ({ params }, request) => {
    // Read before the account (and with it its sessions) is deleted; dropped from the caches only once it has been.
    const sessionIds = await userSessionIds(context.db, params.userId);
    await withCompanyUser(context, request, (scope) => removeTeamMember(scope, { userId: params.userId }), {
      capability: teamEndpoints.removeMember.capability,
    });
    await context.sessionCache.revoke(sessionIds);
    return null;
  });

  tenantEndpoint(app, context, onboardingEndpoints.complete, async (scope, { body }, request) => {
    const invited = await completeOnboarding(scope, { ...body, appOrigin: appOrigin(context, request) });
    return { invited: invited.length };
  });

  const limited = {
    rateLimit: { max: INVITATION_ATTEMPTS_PER_HOUR, timeWindow: 3600_000, hook: "preHandler" as const },
  };

  registerEndpoint(app, teamEndpoints.lookUpInvitation, ({ body }) => lookUpInvitation(context.db, body.token), {
    config: limited,
  });

  registerEndpoint(
    app,
    teamEndpoints.acceptInvitation,
    async ({ body }, request) => {
      const user = await acceptInvitation(context.db, body);
      if (user.companyId) await publishCommitted(context, request, user.companyId, teamChanged([user.id]));
      return startSession(context, request, user);
    },
    { config: limited, send: (reply, started) => sendSession(context, reply, started, 201) },
  );
};
