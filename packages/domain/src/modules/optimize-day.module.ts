import { DEFAULT_BUDGET_SECONDS } from "@fieldops/shared/dispatch";
import { requestRoutePlan } from "../dispatch/request-route-plan.ts";
import { defineModule } from "./module-definition.ts";

/** Records a route plan for the day and queues the optimizer; the proposal appears on the schedule board. */
export const optimizeDayModule = defineModule({
  id: "optimize-day",
  describe: async (_tx, params) => `Optimize the routes of every crew on ${params.date} and show the proposal.`,
  async run(scope, params, context) {
    const { planId } = await requestRoutePlan(scope, {
      date: params.date,
      budgetSeconds: DEFAULT_BUDGET_SECONDS,
      kind: "optimize",
      now: context.now,
    });
    return {
      message: `Optimizing the routes of ${params.date}: the proposal will be on the schedule board in a few seconds`,
      result: { planId },
    };
  },
});
