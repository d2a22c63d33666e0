import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import { getTenantConfig } from "@fieldops/domain/tenants/get-tenant-config";
import { TENANT_CONFIG_REQUESTS_PER_MINUTE, tenantEndpoints } from "@fieldops/shared/tenants";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";

/** Per client address, whoever is signed in: visitors read it too, so the session cannot be the key. */
const rateLimit = {
  max: TENANT_CONFIG_REQUESTS_PER_MINUTE,
  timeWindow: 60_000,
  hook: "onRequest" as const,
  groupId: "tenant-config",
};

/** A tenant's pages (/{slug}/…) read the tenant they show from here, signed in or not. */
export const tenantRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  registerEndpoint(
    app,
    tenantEndpoints.config,
    async ({ params }, request) => {
      const user = await context.authenticate(request);
      return getTenantConfig(
        context.db,
        params.tenantId,
        user
          ? { companyId: user.companyId, platformAdmin: isPlatformAdmin(user, context.env.PLATFORM_ADMIN_EMAILS) }
          : null,
      );
    },
    { config: { rateLimit } },
  );
};
