import { firstPlanWithFeature, type PlanFeature } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";
import type { AssistantModuleId, AssistantPlan } from "@fieldops/shared/assistant";

/** What the assistant can do for a user: who may ask for it, and the plan feature it needs. */
export type Capability = { label: string; roles: readonly Role[]; feature?: PlanFeature };

const OFFICE: readonly Role[] = ["owner", "admin", "member"];
const MANAGERS: readonly Role[] = ["owner", "admin"];
const EVERYONE: readonly Role[] = ["owner", "admin", "member", "field_user"];

export const CAPABILITIES = {
  seeDashboard: { label: "open the dashboard", roles: EVERYONE },
  seeJobs: { label: "see jobs", roles: EVERYONE },
  seeSchedule: { label: "see the schedule", roles: EVERYONE },
  seeCustomers: { label: "see customers", roles: OFFICE },
  seeCrews: { label: "see crews", roles: OFFICE },
  seeSettings: { label: "open settings", roles: OFFICE },
  manageSettings: { label: "change company settings", roles: MANAGERS },
  connectQuickbooks: { label: "connect QuickBooks", roles: MANAGERS, feature: "quickbooks" },
  connectStripe: { label: "connect Stripe", roles: MANAGERS, feature: "stripe" },
  connectTwilio: { label: "connect Twilio", roles: MANAGERS, feature: "twilio" },
  setUpPayments: { label: "set up payments", roles: MANAGERS, feature: "payments" },
  seeInvoices: { label: "see invoices", roles: OFFICE, feature: "invoicing" },
  seeRevenue: { label: "see revenue", roles: OFFICE, feature: "reports" },
  createJob: { label: "create jobs", roles: OFFICE },
  scheduleVisit: { label: "schedule visits", roles: OFFICE },
  sendReminders: { label: "send payment reminders", roles: OFFICE, feature: "invoicing" },
  optimizeDay: { label: "optimize routes", roles: OFFICE, feature: "route_optimization" },
  exportCustomers: { label: "export customers", roles: MANAGERS, feature: "export" },
  enableHipaa: { label: "enable HIPAA mode", roles: MANAGERS, feature: "hipaa_mode" },
  requestFeature: { label: "request a new feature", roles: MANAGERS },
} satisfies Record<string, Capability>;

/** What proposing each module needs; the module's own checks run again when it executes. */
export const MODULE_CAPABILITIES: Record<AssistantModuleId, Capability> = {
  "create-job": CAPABILITIES.createJob,
  "schedule-visit": CAPABILITIES.scheduleVisit,
  "send-payment-reminders": CAPABILITIES.sendReminders,
  "optimize-day": CAPABILITIES.optimizeDay,
  "export-customers": CAPABILITIES.exportCustomers,
  "enable-hipaa-mode": CAPABILITIES.enableHipaa,
};

const ROLE_NAMES: Record<Role, string> = { owner: "owners", admin: "administrators", member: "members", field_user: "field users" };

/** A refusal in words when the user's role or plan does not allow `capability`; null when it does. */
export function refusalFor(capability: Capability, role: Role, features: readonly PlanFeature[]): AssistantPlan | null {
  if (!capability.roles.includes(role)) {
    const names = capability.roles.map((name) => ROLE_NAMES[name]);
    const allowed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
    return { kind: "refuse", reply: `I can't ${capability.label} for you: only ${allowed} may do that. Ask an owner of your company.` };
  }
  if (capability.feature && !features.includes(capability.feature)) {
    const plan = firstPlanWithFeature(capability.feature);
    return { kind: "refuse", reply: `To ${capability.label} your company needs the ${plan.name} plan or higher. An owner can upgrade on the Plans page.` };
  }
  return null;
}
