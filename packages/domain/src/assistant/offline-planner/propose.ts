import type { AssistantPlan } from "@fieldops/shared/assistant";
import { modulePolicy, type AssistantModuleId } from "@fieldops/shared/modules";
import { refusalFor, type AssistantAbility } from "./planner-policy.ts";
import type { PlannerInput } from "./planner-input.ts";

/** A module run shown to the user with what it will do; the executeModule action is sent once they confirm. */
export function propose(
  input: PlannerInput,
  moduleId: AssistantModuleId,
  params: Record<string, unknown>,
  summary: string,
): AssistantPlan {
  const approval =
    modulePolicy(moduleId, input.role) === "approval" ? " An owner or administrator must approve it first." : "";
  return {
    kind: "confirm",
    reply: `${summary}${approval}\n\nShall I go ahead?`,
    proposal: {
      moduleId,
      params,
      summary,
      action: { id: input.newId!(), type: "executeModule", moduleId, moduleParams: params },
    },
  };
}

/** The refusal in words when the user's role or plan does not allow `capability`; null when it does. */
export function refusalOf(capability: AssistantAbility, input: PlannerInput): AssistantPlan | null {
  return refusalFor(capability, input.role, input.features);
}
