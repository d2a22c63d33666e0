import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { createTenant } from "@fieldops/domain/admin/create-tenant";
import { getAdminOverview } from "@fieldops/domain/admin/get-admin-overview";
import { getTenantDetail } from "@fieldops/domain/admin/get-tenant-detail";
import { listBrainPackets } from "@fieldops/domain/admin/list-brain-packets";
import { listTenants } from "@fieldops/domain/admin/list-tenants";
import {
  changeTenantPlan,
  restoreTenant,
  setTenantFeatures,
  suspendTenant,
} from "@fieldops/domain/admin/manage-tenant";
import { getNavigationMenu, resetNavigationMenu, saveNavigationMenu } from "@fieldops/domain/admin/navigation-menus";
import { listFeatureFlags, setPlanFeature } from "@fieldops/domain/admin/plan-feature-flags";
import { readPlatformResources } from "@fieldops/domain/admin/read-platform-resources";
import { forbidden } from "@fieldops/domain/errors";
import { queueInvitation } from "@fieldops/domain/team/queue-invitation";
import {
  adminOverviewSchema,
  adminTenantListSchema,
  adminTenantQuerySchema,
  brainPacketListSchema,
  brainPacketQuerySchema,
  changeTenantPlanRequestSchema,
  createTenantRequestSchema,
  menuParamsSchema,
  menuSchema,
  planFeatureFlagsSchema,
  planFeatureParamsSchema,
  platformResourcesSchema,
  saveMenuRequestSchema,
  setPlanFeatureRequestSchema,
  suspendTenantRequestSchema,
  tenantDetailSchema,
  tenantFeaturesRequestSchema,
  tenantParamsSchema,
} from "@fieldops/shared/admin";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";

const readErrors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  503: errorResponseSchema,
};
const writeErrors = { 400: errorResponseSchema, ...readErrors, 409: errorResponseSchema };
const tags = ["admin"];

export const PLATFORM_ADMIN_ONLY = "Only platform administrators can do this";

/**
 * The admin portal's API. Every route first checks that the caller is a platform administrator (401 signed out, 403
 * anyone else); only then do the use cases read or change other companies, through the system context or a
 * transaction bound to the company concerned.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const requireAdmin = async (request: FastifyRequest): Promise<AuthenticatedUser> => {
    const user = await context.requireUser(request);
    if (!isPlatformAdmin(user, context.env.PLATFORM_ADMIN_EMAILS)) throw forbidden(PLATFORM_ADMIN_ONLY);
    return user;
  };
  const actorOf = (user: AuthenticatedUser) => ({ id: user.id, name: user.name });

  app.get(
    API_PATHS.adminOverview,
    {
      schema: {
        tags,
        summary:
          "The platform's dashboard: a page of tenants with plan, usage, health and last activity; approvals waiting, open tickets, recent alerts",
        querystring: adminTenantQuerySchema,
        response: { 200: adminOverviewSchema, 400: errorResponseSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return getAdminOverview(context.db, { queues: context.queues }, request.query);
    },
  );

  app.get(
    API_PATHS.adminTenants,
    {
      schema: {
        tags,
        summary: "A page of tenants by name, with plan, usage, health and last activity",
        querystring: adminTenantQuerySchema,
        response: { 200: adminTenantListSchema, 400: errorResponseSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listTenants(context.db, request.query);
    },
  );

  app.post(
    API_PATHS.adminTenants,
    {
      schema: {
        tags,
        summary: "Create a tenant (company, slug, industry, plan) and invite its owner; recorded in its audit log",
        body: createTenantRequestSchema,
        response: { 201: tenantDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      const created = await createTenant(context.db, request.body, actorOf(admin));
      await queueInvitation(context.queues, {
        companyId: created.company.id,
        invitationId: created.invitation.id,
        sendCount: created.invitation.sendCount,
        appOrigin: appOrigin(context, request),
      });
      return reply.status(201).send(await getTenantDetail(context.db, created.company.id));
    },
  );

  app.get(
    API_PATHS.adminTenant,
    {
      schema: {
        tags,
        summary: "One tenant: its summary, configuration, users, invitations and recent audit log",
        params: tenantParamsSchema,
        response: { 200: tenantDetailSchema, 400: errorResponseSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return getTenantDetail(context.db, request.params.companyId);
    },
  );

  app.put(
    API_PATHS.adminTenantPlan,
    {
      schema: {
        tags,
        summary:
          "Change a tenant's plan (ends its free trial; a downgrade its usage does not fit is refused); recorded in its audit log",
        params: tenantParamsSchema,
        body: changeTenantPlanRequestSchema,
        response: { 200: tenantDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await changeTenantPlan(context.db, {
        companyId: request.params.companyId,
        planId: request.body.planId,
        actor: actorOf(admin),
      });
      return getTenantDetail(context.db, request.params.companyId);
    },
  );

  app.put(
    API_PATHS.adminTenantFeatures,
    {
      schema: {
        tags,
        summary:
          "Set a tenant's features: the tenant features its pages show and plan features switched on or off for it alone",
        params: tenantParamsSchema,
        body: tenantFeaturesRequestSchema,
        response: { 200: tenantDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await setTenantFeatures(context.db, {
        companyId: request.params.companyId,
        actor: actorOf(admin),
        ...request.body,
      });
      return getTenantDetail(context.db, request.params.companyId);
    },
  );

  app.post(
    API_PATHS.adminTenantSuspend,
    {
      schema: {
        tags,
        summary:
          "Suspend a tenant: its users are signed out and refused until it is restored; recorded in its audit log",
        params: tenantParamsSchema,
        body: suspendTenantRequestSchema,
        response: { 200: tenantDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      const { endedSessionIds } = await suspendTenant(context.db, {
        companyId: request.params.companyId,
        reason: request.body.reason,
        actor: actorOf(admin),
      });
      await context.sessionCache.revoke(endedSessionIds);
      return getTenantDetail(context.db, request.params.companyId);
    },
  );

  app.post(
    API_PATHS.adminTenantRestore,
    {
      schema: {
        tags,
        summary: "Restore a suspended tenant; recorded in its audit log",
        params: tenantParamsSchema,
        response: { 200: tenantDetailSchema, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      await restoreTenant(context.db, { companyId: request.params.companyId, actor: actorOf(admin) });
      return getTenantDetail(context.db, request.params.companyId);
    },
  );

  app.get(
    API_PATHS.adminFeatures,
    {
      schema: {
        tags,
        summary: "Every plan's feature flags (built in or switched) and the tenants with switches of their own",
        response: { 200: planFeatureFlagsSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listFeatureFlags(context.db);
    },
  );

  app.put(
    API_PATHS.adminPlanFeature,
    {
      schema: {
        tags,
        summary:
          "Switch a feature on or off for every company on a plan (back to the built-in value removes the switch)",
        params: planFeatureParamsSchema,
        body: setPlanFeatureRequestSchema,
        response: { 200: planFeatureFlagsSchema, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return setPlanFeature(context.db, { ...request.params, enabled: request.body.enabled, actor: actorOf(admin) });
    },
  );

  app.get(
    API_PATHS.adminResources,
    {
      schema: {
        tags,
        summary: "The platform's queues (job counts), workers, database and Redis health, now",
        response: { 200: platformResourcesSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return readPlatformResources({ db: context.db, redis: context.redis, queues: context.queues });
    },
  );

  app.get(
    API_PATHS.adminBrainPackets,
    {
      schema: {
        tags,
        summary:
          "A tenant's assistant conversations for auditing: what the assistant was given for each message and what it did",
        querystring: brainPacketQuerySchema,
        response: { 200: brainPacketListSchema, 400: errorResponseSchema, ...readErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return listBrainPackets(context.db, request.query);
    },
  );

  app.get(
    API_PATHS.menu,
    {
      schema: {
        tags: ["navigation"],
        summary: "A navigation menu as edited by the platform's administrators (none: the built-in menu)",
        params: menuParamsSchema,
        response: { 200: menuSchema, 400: errorResponseSchema, 401: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await context.requireUser(request);
      return getNavigationMenu(context.db, request.params.menu);
    },
  );

  app.put(
    API_PATHS.adminMenu,
    {
      schema: {
        tags,
        summary: "Save a navigation menu's labels, order and hidden items",
        params: menuParamsSchema,
        body: saveMenuRequestSchema,
        response: { 200: menuSchema, ...writeErrors },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return saveNavigationMenu(context.db, {
        menu: request.params.menu,
        items: request.body.items,
        actor: actorOf(admin),
      });
    },
  );

  app.delete(
    API_PATHS.adminMenu,
    {
      schema: {
        tags,
        summary: "Reset a navigation menu to the built-in one",
        params: menuParamsSchema,
        response: { 200: menuSchema, ...writeErrors },
      },
    },
    async (request) => {
      await requireAdmin(request);
      return resetNavigationMenu(context.db, request.params.menu);
    },
  );
};
