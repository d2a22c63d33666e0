import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getCustomDomain } from "@fieldops/domain/domains/get-custom-domain";
import { setCustomDomain } from "@fieldops/domain/domains/set-custom-domain";
import { verifyCustomDomain } from "@fieldops/domain/domains/verify-custom-domain";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { customDomainSchema, setCustomDomainRequestSchema } from "@fieldops/shared/custom-domain";
import type { AppContext } from "../context.ts";
import { createTxtLookup } from "../http/dns-txt.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const tags = ["settings"];

/** A Suite company's own domain: set it, publish the TXT record, verify it; then requests to that host are the tenant's. */
export const customDomainRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const lookUpTxt = createTxtLookup(context.env.CUSTOM_DOMAIN_DNS_SERVERS);

  app.get(
    API_PATHS.customDomain,
    {
      schema: {
        tags,
        summary: "The company's custom domain and the TXT record that verifies it (owners)",
        response: { 200: customDomainSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => getCustomDomain(tx), { capability: "settings.manage" }),
  );

  app.put(
    API_PATHS.customDomain,
    {
      schema: {
        tags,
        summary: "Set the company's custom domain, unverified (owners; Suite)",
        body: setCustomDomainRequestSchema,
        response: { 200: customDomainSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          setCustomDomain(tx, { companyId: user.companyId, domain: request.body.domain, db: context.db }),
        { capability: "settings.manage" },
      ),
  );

  app.delete(
    API_PATHS.customDomain,
    {
      schema: {
        tags,
        summary: "Remove the company's custom domain (owners)",
        response: { 200: customDomainSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => setCustomDomain(tx, { companyId: user.companyId, domain: null, db: context.db }),
        { capability: "settings.manage" },
      ),
  );

  app.post(
    API_PATHS.customDomainVerify,
    {
      schema: {
        tags,
        summary: "Verify the custom domain by its DNS TXT record (owners; Suite)",
        response: { 200: customDomainSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) => verifyCustomDomain(tx, { companyId: user.companyId, lookUpTxt, db: context.db }),
        { capability: "settings.manage" },
      ),
  );
};
