import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { userSessionIds } from "@fieldops/domain/security/user-sessions";
import { completeOnboarding } from "@fieldops/domain/onboarding/complete-onboarding";
import { acceptInvitation, lookUpInvitation } from "@fieldops/domain/team/accept-invitation";
import { changeMemberRole, removeTeamMember } from "@fieldops/domain/team/change-member-role";
import { createInvitations } from "@fieldops/domain/team/create-invitation";
import { listInvitations, resendInvitation, revokeInvitation } from "@fieldops/domain/team/manage-invitations";
import { enqueueInvitation } from "@fieldops/domain/team/queue-invitation";
import { teamChanged } from "@fieldops/domain/team/team-events";
import { onboardingEndpoints } from "@fieldops/shared/onboarding";
import { teamEndpoints } from "@fieldops/shared/team";
import type { AppContext } from "../context.ts";
import { sendSession, startSession } from "../auth/start-session.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";
import { publishCommitted } from "../http/publish-committed.ts";
import { withCompanyUser, type TenantScope } from "../http/tenant-route.ts";

/** Invitation look-ups and acceptances per client address and hour: enough for a team, too few to guess links. */
export const INVITATION_ATTEMPTS_PER_HOUR = 30;

const actorOf = (user: { id: string; name: string }) => ({ id: user.id, name: user.name });

export const teamRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  /** Sends each invitation's link through the notifications worker, once their transaction has committed. */
  const send = <Sending extends { invitation: { id: string }; sendCount: number }>(
    request: FastifyRequest,
    scope: TenantScope,
    sendings: Sending[],
  ): Sending[] => {
    const origin = appOrigin(context, request);
    for (const { invitation, sendCount } of sendings) {
      enqueueInvitation(scope, { invitationId: invitation.id, sendCount, appOrigin: origin });
    }
    return sendings;
  };

  tenantEndpoint(app, context, teamEndpoints.invitations, async ({ tx }) => ({ items: await listInvitations(tx) }));

  tenantEndpoint(
    app,
    context,
    teamEndpoints.invite,
    async (scope, { body }, request) => {
      const [created] = send(
        request,
        scope,
        await createInvitations(scope.tx, {
          companyId: scope.companyId,
          actor: actorOf(scope.user),
          invitations: [body],
        }),
      );
      return created!.invitation;
    },
    { publish: () => teamChanged() },
  );

  tenantEndpoint(
    app,
    context,
    teamEndpoints.resendInvitation,
    async (scope, { params }, request) => {
      const [sending] = send(request, scope, [
        await resendInvitation(scope.tx, { id: params.id, companyId: scope.companyId, actor: actorOf(scope.user) }),
      ]);
      return sending!.invitation;
    },
    { publish: () => teamChanged() },
  );

  tenantEndpoint(
    app,
    context,
    teamEndpoints.revokeInvitation,
    ({ tx, companyId, user }, { params }) => revokeInvitation(tx, { id: params.id, companyId, actor: actorOf(user) }),
    { publish: () => teamChanged() },
  );

  // The two changes to a member drop their sessions' cached copies once committed, so the guard is their own.
  registerEndpoint(app, teamEndpoints.changeRole, async ({ params, body }, request) => {
    const result = await withCompanyUser(
      context,
      request,
      ({ tx, companyId, user }) =>
        changeMemberRole(tx, { companyId, userId: params.userId, role: body.role, actor: actorOf(user) }),
      { capability: teamEndpoints.changeRole.capability, publish: (changed) => teamChanged([changed.id]) },
    );
    // The sessions stay; their cached copies (with the old role) are dropped everywhere, so the next request reads the new one.
    await context.sessionCache.revoke(await userSessionIds(context.db, result.id));
    return result;
  });

  registerEndpoint(app, teamEndpoints.removeMember, async ({ params }, request) => {
    // Read before the account (and with it its sessions) is deleted; dropped from the caches only once it has been.
    const sessionIds = await userSessionIds(context.db, params.userId);
    await withCompanyUser(
      context,
      request,
      ({ tx, companyId, user }) => removeTeamMember(tx, { companyId, userId: params.userId, actor: actorOf(user) }),
      { capability: teamEndpoints.removeMember.capability, publish: () => teamChanged([params.userId]) },
    );
    await context.sessionCache.revoke(sessionIds);
    return null;
  });

  tenantEndpoint(
    app,
    context,
    onboardingEndpoints.complete,
    async (scope, { body }, request) => {
      const sendings = send(
        request,
        scope,
        await completeOnboarding(scope.tx, { ...body, companyId: scope.companyId, actor: actorOf(scope.user) }),
      );
      return { invited: sendings.length };
    },
    { publish: () => teamChanged() },
  );

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
