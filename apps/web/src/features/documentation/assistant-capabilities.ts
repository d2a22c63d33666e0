import { ASSISTANT_PLAN_FEATURE } from "@fieldops/shared/chat";
import { MODULE_CATALOG, MODULE_IDS, type ModuleCatalogEntry } from "@fieldops/shared/modules";
import { firstPlanWithFeature, planIdSchema, type Plan } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";
import { NAVIGATE_TARGETS } from "@fieldops/shared/ui-actions";

const ROLE_WORDS: Record<Role, string> = {
  owner: "owners",
  admin: "administrators",
  member: "office members",
  field_user: "field users",
};

export interface Capability {
  title: string;
  plan: string;
  directly: string;
  withApproval: string;
}

const rolesWith = (entry: ModuleCatalogEntry, policy: "direct" | "approval") =>
  (Object.keys(entry.policy) as Role[])
    .filter((role) => entry.policy[role] === policy)
    .map((role) => ROLE_WORDS[role])
    .join(", ");

/** The first plan that has the assistant itself (AI chat). */
export const ASSISTANT_PLAN: Plan = firstPlanWithFeature(ASSISTANT_PLAN_FEATURE);

const planOrder = (plan: Plan) => planIdSchema.options.indexOf(plan.id);

/** The first plan on which the assistant can take an action: the assistant's own plan, or the module's when later. */
function planFor(entry: ModuleCatalogEntry): Plan {
  const modulePlan = entry.feature ? firstPlanWithFeature(entry.feature) : null;
  return modulePlan && planOrder(modulePlan) > planOrder(ASSISTANT_PLAN) ? modulePlan : ASSISTANT_PLAN;
}

/** What the assistant can do, read from the modules catalog the server enforces, so the page cannot drift from it. */
export function assistantCapabilities(): Capability[] {
  return MODULE_IDS.map((id) => MODULE_CATALOG[id]).map((entry) => ({
    title: entry.title,
    plan: `${planFor(entry).name} plan and above`,
    directly: rolesWith(entry, "direct") || "nobody",
    withApproval: rolesWith(entry, "approval") || "—",
  }));
}

/** The pages the assistant can take the user to. */
export const ASSISTANT_DESTINATIONS: readonly string[] = NAVIGATE_TARGETS;
