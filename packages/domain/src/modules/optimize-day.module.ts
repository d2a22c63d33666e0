import { DEFAULT_BUDGET_SECONDS } from "@fieldops/shared/dispatch";
import { z } from "zod";
import { queueRoutePlan, requestRoutePlan } from "../dispatch/request-route-plan.ts";
import { defineModule } from "./module-definition.ts";

const resultSchema = z.object({ planId: z.string() });

/** Records a route plan for the day and queues the optimizer; the proposal appears on the schedule board. */
export const optimizeDayModule = defineModule({
  id: "optimize-day",
  describe: async (_tx, params) => `Optimize the routes of every crew on ${params.date} and show the proposal.`,
  async run(tx, params, context) {
    const { planId } = await requestRoutePlan(tx, {
      date: params.date,
      budgetSeconds: DEFAULT_BUDGET_SECONDS,
      kind: "optimize",
      companyId: context.companyId,
      actor: context.actor,
      now: context.now,
    });
    return {
      message: `Optimizing the routes of ${params.date}: the proposal will be on the schedule board in a few seconds`,
      result: { planId },
    };
  },
  async afterCommit(result, context) {
    const parsed = resultSchema.safeParse(result);
    if (parsed.success)
      await queueRoutePlan(context.queues, {
        companyId: context.companyId,
        planId: parsed.data.planId,
        requestId: context.requestId,
      });
  },
});
