import { firstPlanWithFeature, type PlanFeature } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";
import { ASSISTANT_MODULE_IDS, type AssistantModuleId, type AssistantPlan } from "@fieldops/shared/assistant";
import { MODULE_CATALOG, rolesAllowedModule, type ModuleId } from "@fieldops/shared/modules";

/** What the assistant can do for a user: who may ask for it, and the plan feature it needs. */
export type Capability = { label: string; roles: readonly Role[]; feature?: PlanFeature };

const OFFICE: readonly Role[] = ["owner", "admin", "member"];
const MANAGERS: readonly Role[] = ["owner", "admin"];
const EVERYONE: readonly Role[] = ["owner", "admin", "member", "field_user"];

/** A module's capability, from the module catalog: a role whose policy is "approval" may ask, and the run waits for approval. */
function moduleCapability(moduleId: ModuleId): Capability {
  const entry = MODULE_CATALOG[moduleId];
  return {
    label: entry.label,
    roles: rolesAllowedModule(moduleId),
    ...(entry.feature ? { feature: entry.feature } : {}),
  };
}

export const CAPABILITIES = {
  seeDashboard: { label: "open the dashboard", roles: EVERYONE },
  seeJobs: { label: "see jobs", roles: EVERYONE },
  seeSchedule: { label: "see the schedule", roles: EVERYONE },
  seeCustomers: { label: "see customers", roles: OFFICE },
  /** Which objects a role reaches (preview or production) is the custom objects' own rule, applied by the read. */
  seeCustomRecords: { label: "see custom records", roles: EVERYONE },
  seeCrews: { label: "see crews", roles: OFFICE },
  seeSettings: { label: "open settings", roles: OFFICE },
  manageSettings: { label: "change company settings", roles: MANAGERS },
  connectQuickbooks: { label: "connect QuickBooks", roles: MANAGERS, feature: "quickbooks" },
  connectStripe: { label: "connect Stripe", roles: MANAGERS, feature: "stripe" },
  connectTwilio: { label: "connect Twilio", roles: MANAGERS, feature: "twilio" },
  setUpPayments: { label: "set up payments", roles: MANAGERS, feature: "payments" },
  seeInvoices: { label: "see invoices", roles: OFFICE, feature: "invoicing" },
  seeRevenue: { label: "see revenue", roles: OFFICE, feature: "reports" },
  createJob: moduleCapability("create-job"),
  scheduleVisit: moduleCapability("schedule-visit"),
  sendReminders: moduleCapability("send-payment-reminders"),
  optimizeDay: moduleCapability("optimize-day"),
  exportCustomers: moduleCapability("export-customers"),
  enableHipaa: moduleCapability("enable-hipaa-mode"),
  requestFeature: { label: "request a new feature", roles: MANAGERS },
} satisfies Record<string, Capability>;

/** What proposing each module needs; the module's own checks run again when it executes. */
export const MODULE_CAPABILITIES = Object.fromEntries(
  ASSISTANT_MODULE_IDS.map((moduleId) => [moduleId, moduleCapability(moduleId)]),
) as Record<AssistantModuleId, Capability>;

const ROLE_NAMES: Record<Role, string> = {
  owner: "owners",
  admin: "administrators",
  member: "members",
  field_user: "field users",
};

/** A refusal in words when the user's role or plan does not allow `capability`; null when it does. */
export function refusalFor(capability: Capability, role: Role, features: readonly PlanFeature[]): AssistantPlan | null {
  if (!capability.roles.includes(role)) {
    const names = capability.roles.map((name) => ROLE_NAMES[name]);
    const allowed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
    return {
      kind: "refuse",
      reply: `I can't ${capability.label} for you: only ${allowed} may do that. Ask an owner of your company.`,
    };
  }
  if (capability.feature && !features.includes(capability.feature)) {
    const plan = firstPlanWithFeature(capability.feature);
    return {
      kind: "refuse",
      reply: `To ${capability.label} your company needs the ${plan.name} plan or higher. An owner can upgrade on the Plans page.`,
    };
  }
  return null;
}
