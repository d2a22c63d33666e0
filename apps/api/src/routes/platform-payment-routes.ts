import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  getPlatformPaymentSettings,
  setPlatformPaymentSettings,
} from "@fieldops/domain/admin/platform-payment-settings";
import { stripeEndpoints } from "@fieldops/shared/stripe";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { requirePlatformAdmin } from "../http/platform-admin.ts";
import { actorOf } from "../http/tenant-route.ts";
import { PLATFORM_ADMIN_ONLY } from "./admin-routes.ts";

/** The platform's payment settings (its fee on connected accounts' charges): platform administrators only. */
export const platformPaymentRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  registerEndpoint(app, stripeEndpoints.platformSettings, async (_input, request) => {
    await requirePlatformAdmin(context, request, PLATFORM_ADMIN_ONLY);
    return getPlatformPaymentSettings(context.db);
  });
  registerEndpoint(app, stripeEndpoints.updatePlatformSettings, async ({ body }, request) => {
    const admin = await requirePlatformAdmin(context, request, PLATFORM_ADMIN_ONLY);
    return setPlatformPaymentSettings(context.db, { ...body, actor: actorOf(admin) });
  });
};
