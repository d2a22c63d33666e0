import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createTenant } from "@fieldops/domain/admin/create-tenant";
import { getAdminOverview } from "@fieldops/domain/admin/get-admin-overview";
import { getTenantDetail } from "@fieldops/domain/admin/get-tenant-detail";
import { listAssistantTranscripts } from "@fieldops/domain/admin/list-assistant-transcripts";
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
import { queueInvitation } from "@fieldops/domain/team/queue-invitation";
import { adminEndpoints } from "@fieldops/shared/admin";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { requirePlatformAdmin } from "../http/platform-admin.ts";
import { actorOf } from "../http/tenant-route.ts";

export const PLATFORM_ADMIN_ONLY = "Only platform administrators can do this";

/**
 * The admin portal's API. Every route first checks that the caller is a platform administrator (401 signed out, 403
 * anyone else); only then do the use cases read or change other companies, through the system context or a
 * transaction bound to the company concerned.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const requireAdmin = (request: FastifyRequest) => requirePlatformAdmin(context, request, PLATFORM_ADMIN_ONLY);

  registerEndpoint(app, adminEndpoints.overview, async ({ query }, request) => {
    await requireAdmin(request);
    return getAdminOverview(context.db, { queues: context.queues }, query);
  });

  registerEndpoint(app, adminEndpoints.listTenants, async ({ query }, request) => {
    await requireAdmin(request);
    return listTenants(context.db, query);
  });

  registerEndpoint(app, adminEndpoints.createTenant, async ({ body }, request) => {
    const admin = await requireAdmin(request);
    const created = await createTenant(context.db, body, actorOf(admin));
    await queueInvitation(context.queues, {
      companyId: created.company.id,
      invitationId: created.invitation.id,
      sendCount: created.invitation.sendCount,
      appOrigin: appOrigin(context, request),
    });
    return getTenantDetail(context.db, created.company.id);
  });

  registerEndpoint(app, adminEndpoints.getTenant, async ({ params }, request) => {
    await requireAdmin(request);
    return getTenantDetail(context.db, params.companyId);
  });

  registerEndpoint(app, adminEndpoints.changeTenantPlan, async ({ params, body }, request) => {
    const admin = await requireAdmin(request);
    await changeTenantPlan(context.db, { companyId: params.companyId, planId: body.planId, actor: actorOf(admin) });
    return getTenantDetail(context.db, params.companyId);
  });

  registerEndpoint(app, adminEndpoints.setTenantFeatures, async ({ params, body }, request) => {
    const admin = await requireAdmin(request);
    await setTenantFeatures(context.db, { companyId: params.companyId, actor: actorOf(admin), ...body });
    return getTenantDetail(context.db, params.companyId);
  });

  registerEndpoint(app, adminEndpoints.suspendTenant, async ({ params, body }, request) => {
    const admin = await requireAdmin(request);
    const { endedSessionIds } = await suspendTenant(context.db, {
      companyId: params.companyId,
      reason: body.reason,
      actor: actorOf(admin),
    });
    await context.sessionCache.revoke(endedSessionIds);
    return getTenantDetail(context.db, params.companyId);
  });

  registerEndpoint(app, adminEndpoints.restoreTenant, async ({ params }, request) => {
    const admin = await requireAdmin(request);
    await restoreTenant(context.db, { companyId: params.companyId, actor: actorOf(admin) });
    return getTenantDetail(context.db, params.companyId);
  });

  registerEndpoint(app, adminEndpoints.features, async (_input, request) => {
    await requireAdmin(request);
    return listFeatureFlags(context.db);
  });

  registerEndpoint(app, adminEndpoints.setPlanFeature, async ({ params, body }, request) => {
    const admin = await requireAdmin(request);
    return setPlanFeature(context.db, { ...params, enabled: body.enabled, actor: actorOf(admin) });
  });

  registerEndpoint(app, adminEndpoints.resources, async (_input, request) => {
    await requireAdmin(request);
    return readPlatformResources({ db: context.db, redis: context.redis, queues: context.queues });
  });

  registerEndpoint(app, adminEndpoints.assistantTranscripts, async ({ query }, request) => {
    await requireAdmin(request);
    return listAssistantTranscripts(context.db, query);
  });

  registerEndpoint(app, adminEndpoints.menu, async ({ params }, request) => {
    await context.requireUser(request);
    return getNavigationMenu(context.db, params.menu);
  });

  registerEndpoint(app, adminEndpoints.saveMenu, async ({ params, body }, request) => {
    const admin = await requireAdmin(request);
    return saveNavigationMenu(context.db, { menu: params.menu, items: body.items, actor: actorOf(admin) });
  });

  registerEndpoint(app, adminEndpoints.resetMenu, async ({ params }, request) => {
    await requireAdmin(request);
    return resetNavigationMenu(context.db, params.menu);
  });
};
