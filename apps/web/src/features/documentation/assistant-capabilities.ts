import { MODULE_CATALOG, MODULE_IDS, type ModuleCatalogEntry } from "@fieldops/shared/modules";
import { firstPlanWithFeature } from "@fieldops/shared/plans";
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

/** What the assistant can do, read from the modules catalog the server enforces, so the page cannot drift from it. */
export function assistantCapabilities(): Capability[] {
  return MODULE_IDS.map((id) => MODULE_CATALOG[id]).map((entry) => ({
    title: entry.title,
    plan: entry.feature ? `${firstPlanWithFeature(entry.feature).name} plan and above` : "Every plan",
    directly: rolesWith(entry, "direct") || "nobody",
    withApproval: rolesWith(entry, "approval") || "—",
  }));
}

/** The pages the assistant can take the user to. */
export const ASSISTANT_DESTINATIONS: readonly string[] = NAVIGATE_TARGETS;
