import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getBrainContext } from "@fieldops/domain/companies/get-brain-context";
import { getDemoStatus } from "@fieldops/domain/demo/get-demo-status";
import { switchDemoTier } from "@fieldops/domain/demo/switch-demo-tier";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { brainContextSchema } from "@fieldops/shared/brain-context";
import { demoStatusSchema, demoTierRequestSchema } from "@fieldops/shared/demo";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const readErrors = { 401: errorResponseSchema, 404: errorResponseSchema };
const writeErrors = { 400: errorResponseSchema, 403: errorResponseSchema, ...readErrors };

/** The signed-in company's demo status and tier, and the context the assistant is given. */
export const demoRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.demoStatus,
    {
      schema: {
        tags: ["demo"],
        summary: "Whether the company is a demo, and its switched tier",
        response: { 200: demoStatusSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx }) => getDemoStatus(tx)),
  );

  app.post(
    API_PATHS.demoTier,
    {
      schema: {
        tags: ["demo"],
        summary:
          "Switch a demo company to a tier (its plan's features); owners and administrators of demo companies only",
        body: demoTierRequestSchema,
        response: { 200: demoStatusSchema, ...writeErrors },
      },
    },
    async (request) =>
      withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          switchDemoTier(tx, { tier: request.body.tier, companyId: user.companyId, actorUserId: user.id }),
        // Switching the tier is how a demo leaves an ended trial too.
        { capability: "demo.switch_tier", readOnlyAllowed: true },
      ),
  );

  app.get(
    API_PATHS.brainContext,
    {
      schema: {
        tags: ["demo"],
        summary: "The signed-in user and their company, as the assistant knows them",
        response: { 200: brainContextSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx, user }) => getBrainContext(tx, user)),
  );
};
