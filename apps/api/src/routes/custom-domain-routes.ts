import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getCustomDomain } from "@fieldops/domain/domains/get-custom-domain";
import { setCustomDomain } from "@fieldops/domain/domains/set-custom-domain";
import { verifyCustomDomain } from "@fieldops/domain/domains/verify-custom-domain";
import { customDomainEndpoints } from "@fieldops/shared/custom-domain";
import type { AppContext } from "../context.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";
import { createTxtLookup } from "../http/dns-txt.ts";

/** A Suite company's own domain: set it, publish the TXT record, verify it; then requests to that host are the tenant's. */
export const customDomainRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const lookUpTxt = createTxtLookup(context.env.CUSTOM_DOMAIN_DNS_SERVERS);

  tenantEndpoint(app, context, customDomainEndpoints.get, ({ tx }) => getCustomDomain(tx));

  tenantEndpoint(app, context, customDomainEndpoints.set, (scope, { body }) =>
    setCustomDomain(scope, { domain: body.domain, db: context.db }),
  );

  tenantEndpoint(app, context, customDomainEndpoints.remove, (scope) =>
    setCustomDomain(scope, { domain: null, db: context.db }),
  );

  tenantEndpoint(app, context, customDomainEndpoints.verify, (scope) =>
    verifyCustomDomain(scope, { lookUpTxt, db: context.db }),
  );
};
