import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSessionIds } from "@fieldops/domain/security/user-sessions";
import { completeOnboarding } from "@fieldops/domain/onboarding/complete-onboarding";
import { acceptInvitation, lookUpInvitation } from "@fieldops/domain/team/accept-invitation";
import { changeMemberRole, removeTeamMember } from "@fieldops/domain/team/change-member-role";
import { createInvitations } from "@fieldops/domain/team/create-invitation";
import { listInvitations, resendInvitation, revokeInvitation } from "@fieldops/domain/team/manage-invitations";
import { enqueueInvitation } from "@fieldops/domain/team/queue-invitation";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema, loginResponseSchema } from "@fieldops/shared/auth";
import { teamChanged } from "@fieldops/domain/team/team-events";
import { completeOnboardingRequestSchema, completeOnboardingResponseSchema } from "@fieldops/shared/onboarding";
import { roleSchema } from "@fieldops/shared/roles";
import {
  acceptInvitationRequestSchema,
  changeRoleRequestSchema,
  createInvitationRequestSchema,
  invitationIdParamsSchema,
  invitationListResponseSchema,
  invitationLookupRequestSchema,
  invitationPreviewSchema,
  invitationSchema,
  teamMemberParamsSchema,
} from "@fieldops/shared/team";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { startSession } from "../auth/start-session.ts";
import { appOrigin } from "../http/app-origin.ts";
import { publishCommitted } from "../http/publish-committed.ts";
import { withCompanyUser, type TenantScope } from "../http/tenant-route.ts";

const readErrors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { 400: errorResponseSchema, ...readErrors, 409: errorResponseSchema, 503: errorResponseSchema };
const tags = ["team"];

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

  app.get(
    API_PATHS.invitations,
    {
      schema: {
        tags,
        summary: "The company's invitations, newest first (owners)",
        response: { 200: invitationListResponseSchema, ...readErrors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, async ({ tx }) => ({ items: await listInvitations(tx) }), {
        capability: "team.manage",
      }),
  );

  app.post(
    API_PATHS.invitations,
    {
      schema: {
        tags,
        summary:
          "Invite someone by e-mail with a role, within the plan's seats; the link goes out through the outbox (owners)",
        body: createInvitationRequestSchema,
        response: { 201: invitationSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const [created] = await withCompanyUser(
        context,
        request,
        async (scope) =>
          send(
            request,
            scope,
            await createInvitations(scope.tx, {
              companyId: scope.companyId,
              actor: actorOf(scope.user),
              invitations: [request.body],
            }),
          ),
        { capability: "team.manage", publish: () => teamChanged() },
      );
      return reply.status(201).send(created!.invitation);
    },
  );

  app.post(
    API_PATHS.invitationResend,
    {
      schema: {
        tags,
        summary: "Send an invitation again with a new link and expiry (owners)",
        params: invitationIdParamsSchema,
        response: { 200: invitationSchema, ...writeErrors },
      },
    },
    async (request) => {
      const [sending] = await withCompanyUser(
        context,
        request,
        async (scope) =>
          send(request, scope, [
            await resendInvitation(scope.tx, {
              id: request.params.id,
              companyId: scope.companyId,
              actor: actorOf(scope.user),
            }),
          ]),
        { capability: "team.manage", publish: () => teamChanged() },
      );
      return sending!.invitation;
    },
  );

  app.delete(
    API_PATHS.invitation,
    {
      schema: {
        tags,
        summary: "Withdraw an invitation: its link stops working (owners)",
        params: invitationIdParamsSchema,
        response: { 200: invitationSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          revokeInvitation(tx, { id: request.params.id, companyId: user.companyId, actor: actorOf(user) }),
        {
          capability: "team.manage",
          publish: () => teamChanged(),
        },
      ),
  );

  app.patch(
    API_PATHS.teamMember,
    {
      schema: {
        tags,
        summary: "Change a team member's role; it applies to their open sessions at once (owners)",
        params: teamMemberParamsSchema,
        body: changeRoleRequestSchema,
        response: { 200: z.object({ id: z.string(), role: roleSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const result = await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          changeMemberRole(tx, {
            companyId: user.companyId,
            userId: request.params.userId,
            role: request.body.role,
            actor: actorOf(user),
          }),
        { capability: "team.manage", publish: (changed) => teamChanged([changed.id]) },
      );
      // The sessions stay; their cached copies (with the old role) are dropped everywhere, so the next request reads the new one.
      await context.sessionCache.revoke(await userSessionIds(context.db, result.id));
      return result;
    },
  );

  app.delete(
    API_PATHS.teamMember,
    {
      schema: {
        tags,
        summary: "Remove someone from the company; their sessions end at once (owners)",
        params: teamMemberParamsSchema,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      // Read before the account (and with it its sessions) is deleted; dropped from the caches only once it has been.
      const sessionIds = await userSessionIds(context.db, request.params.userId);
      await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          removeTeamMember(tx, { companyId: user.companyId, userId: request.params.userId, actor: actorOf(user) }),
        { capability: "team.manage", publish: () => teamChanged([request.params.userId]) },
      );
      await context.sessionCache.revoke(sessionIds);
      return reply.status(204).send(null);
    },
  );

  app.post(
    API_PATHS.onboardingComplete,
    {
      schema: {
        tags: ["onboarding"],
        summary: "Finish the first-run setup: the company's name and the team members to invite (owners)",
        body: completeOnboardingRequestSchema,
        response: { 200: completeOnboardingResponseSchema, ...writeErrors },
      },
    },
    async (request) => {
      const sendings = await withCompanyUser(
        context,
        request,
        async (scope) =>
          send(
            request,
            scope,
            await completeOnboarding(scope.tx, {
              ...request.body,
              companyId: scope.companyId,
              actor: actorOf(scope.user),
            }),
          ),
        { capability: "team.manage", publish: () => teamChanged() },
      );
      return { invited: sendings.length };
    },
  );

  const limited = {
    rateLimit: { max: INVITATION_ATTEMPTS_PER_HOUR, timeWindow: 3600_000, hook: "preHandler" as const },
  };

  app.post(
    API_PATHS.invitationLookup,
    {
      config: limited,
      schema: {
        tags,
        summary: "What an invitation link is for (the token in the body, never in a URL)",
        body: invitationLookupRequestSchema,
        response: {
          200: invitationPreviewSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => lookUpInvitation(context.db, request.body.token),
  );

  app.post(
    API_PATHS.invitationAccept,
    {
      config: limited,
      schema: {
        tags,
        summary: "Accept an invitation: set your name and password, join the company and sign in",
        body: acceptInvitationRequestSchema,
        response: {
          201: loginResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await acceptInvitation(context.db, request.body);
      if (user.companyId) await publishCommitted(context, request, user.companyId, teamChanged([user.id]));
      return reply.status(201).send(await startSession(context, request, reply, user));
    },
  );
};
