import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getStripeAccount, startStripeOnboarding } from "@fieldops/domain/payments/stripe-onboarding";
import { stripeEndpoints } from "@fieldops/shared/stripe";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";

/** The company's own Stripe account (Connect through Account Links), in Settings → Payments; owners and admins. */
export const stripeAccountRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, stripeEndpoints.account, (scope) => getStripeAccount(scope, { env: context.env }));
  tenantEndpoint(app, context, stripeEndpoints.startOnboarding, (scope, _input, request) =>
    startStripeOnboarding(scope, { env: context.env, appOrigin: appOrigin(context, request) }),
  );
};
