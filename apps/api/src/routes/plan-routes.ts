import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { toActivity } from "@fieldops/domain/activity/to-activity";
import { changePlan } from "@fieldops/domain/plans/change-plan";
import { getPlanOverview } from "@fieldops/domain/plans/get-plan-overview";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { changePlanRequestSchema, planOverviewSchema } from "@fieldops/shared/plans";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const readErrors = { 401: errorResponseSchema, 404: errorResponseSchema };
const tags = ["company"];

export const planRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    API_PATHS.companyPlan,
    {
      schema: {
        tags,
        summary:
          "The company's plan, its free trial, and its usage against each limit (jobs this month in its time zone)",
        response: { 200: planOverviewSchema, ...readErrors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx }) => getPlanOverview(tx)),
  );

  app.put(
    API_PATHS.companyPlan,
    {
      schema: {
        tags,
        summary:
          "Choose the company's plan (owners): takes effect at once and ends the free trial, recorded in the audit log (no billing). " +
          "Refused while usage exceeds the plan's limits; choosing the same plan again changes nothing",
        body: changePlanRequestSchema,
        response: {
          200: planOverviewSchema,
          400: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
          ...readErrors,
        },
      },
    },
    async (request) => {
      const changed = await withCompanyUser(
        context,
        request,
        ({ tx, user }) =>
          changePlan(tx, { planId: request.body.planId, companyId: user.companyId, actorUserId: user.id }),
        {
          capability: "plan.change",
          // Choosing a plan is what ends a lapsed trial's read-only state.
          readOnlyAllowed: true,
          publish: ({ entry }) => (entry ? [{ name: "activity.recorded", payload: toActivity(entry) }] : []),
        },
      );
      return changed.overview;
    },
  );
};
