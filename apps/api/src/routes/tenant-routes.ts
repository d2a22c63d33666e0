import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import { getTenantConfig } from "@fieldops/domain/tenants/get-tenant-config";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { TENANT_CONFIG_REQUESTS_PER_MINUTE, tenantConfigSchema, tenantParamsSchema } from "@fieldops/shared/tenants";
import type { AppContext } from "../context.ts";

/** Per client address, whoever is signed in: visitors read it too, so the session cannot be the key. */
const rateLimit = {
  max: TENANT_CONFIG_REQUESTS_PER_MINUTE,
  timeWindow: 60_000,
  hook: "onRequest" as const,
  groupId: "tenant-config",
};

/** A tenant's pages (/{slug}/…) read the tenant they show from here, signed in or not. */
export const tenantRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.tenantConfig,
    {
      config: { rateLimit },
      schema: {
        tags: ["tenants"],
        summary:
          "A tenant's branding and home path; its plan, features and beta mode for its own users and platform admins",
        params: tenantParamsSchema,
        response: {
          200: tenantConfigSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = await context.authenticate(request);
      return getTenantConfig(
        context.db,
        request.params.tenantId,
        user
          ? { companyId: user.companyId, platformAdmin: isPlatformAdmin(user, context.env.PLATFORM_ADMIN_EMAILS) }
          : null,
      );
    },
  );
};
