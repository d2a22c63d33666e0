import type { AssistantPlan } from "@fieldops/shared/assistant";
import { planMessage } from "./plan-message.ts";
import type { GoldenRow } from "./planner-rows.ts";
import { outcomeOf, plannerInput } from "./planner-test-fixtures.ts";

/** The parameters a row can name: the first read's, or the proposal's. */
export function paramsOf(plan: AssistantPlan): Record<string, unknown> {
  if (plan.kind === "read") return plan.reads[0] as Record<string, unknown>;
  if (plan.kind === "confirm") return plan.proposal.params;
  return {};
}

function holds(actual: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([key, value]) => JSON.stringify(actual[key]) === JSON.stringify(value));
}

/**
 * Whether the planner gets a row right, the one definition the unit test and the bench share: the outcome, its
 * parameters and the reply's words are all the row's, or the outcome is the row's `alsoRight` (a question its author
 * expected answered in words, also answered by the record's card) with its `alsoRightParams`.
 */
export async function judgeRow(row: GoldenRow): Promise<{ right: boolean; got: string; plan: AssistantPlan }> {
  const plan = await planMessage(plannerInput(row.message, row.options));
  const outcome = outcomeOf(plan);
  const options = row.options;
  const right =
    (outcome === row.expected &&
      (!options?.params || holds(paramsOf(plan), options.params)) &&
      (!options?.says || options.says.test(plan.reply))) ||
    (options?.alsoRight !== undefined &&
      outcome === options.alsoRight &&
      (!options.alsoRightParams || holds(paramsOf(plan), options.alsoRightParams)));
  return { right, got: `${outcome}: ${JSON.stringify(paramsOf(plan))} ${plan.reply.slice(0, 120)}`, plan };
}
