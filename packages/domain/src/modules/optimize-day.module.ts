import { z } from "zod";
import { calendarDateSchema, DEFAULT_BUDGET_SECONDS, routePlanBoardPath } from "@fieldops/shared/dispatch";
import { requestRoutePlan } from "../dispatch/request-route-plan.ts";
import { defineModule } from "./module-definition.ts";

/** What a run stores: the plan it queued and its day, which the board's link names. */
const optimizeResultSchema = z.object({ planId: z.uuid(), date: calendarDateSchema });

/** Records a route plan for the day and queues the optimizer; the proposal opens on the schedule board. */
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
      message: `Optimizing the routes of ${params.date}: the proposal opens on the schedule board`,
      result: { planId, date: params.date },
    };
  },
  link(result) {
    const parsed = optimizeResultSchema.safeParse(result);
    if (!parsed.success) return null;
    return {
      href: routePlanBoardPath(parsed.data.date, parsed.data.planId),
      label: "Open the proposal on the board",
    };
  },
});
