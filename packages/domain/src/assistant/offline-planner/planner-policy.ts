import { TRIAL_ENDED_MESSAGE, firstPlanWithFeature, type PlanFeature } from "@fieldops/shared/plans";
import { rolesWith } from "@fieldops/shared/permissions";
import { roleSchema, type Role } from "@fieldops/shared/roles";
import { type AssistantPlan } from "@fieldops/shared/assistant";
import type { UiAction } from "@fieldops/shared/ui-actions";
import {
  MODULE_CATALOG,
  rolesAllowedModule,
  type ModuleId,
  ASSISTANT_MODULE_IDS,
  type AssistantModuleId,
} from "@fieldops/shared/modules";

/** What the assistant can do for a user: who may ask for it (the permissions table, or the module catalog for a module), and the plan feature it needs. */
export type AssistantAbility = { label: string; roles: readonly Role[]; feature?: PlanFeature };

/** Open to every role. */
const EVERYONE: readonly Role[] = roleSchema.options;

/** A module's capability, from the module catalog: a role whose policy is "approval" may ask, and the run waits for approval. */
function moduleCapability(moduleId: ModuleId): AssistantAbility {
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
  seeCustomers: { label: "see customers", roles: rolesWith("assistant.read_office") },
  /** Which objects a role reaches (preview or production) is the custom objects' own rule, applied by the read. */
  seeCustomRecords: { label: "see custom records", roles: EVERYONE },
  seeCrews: { label: "see crews", roles: rolesWith("assistant.read_office") },
  seeSettings: { label: "open settings", roles: rolesWith("settings.read") },
  manageSettings: { label: "change company settings", roles: rolesWith("settings.manage") },
  connectQuickbooks: { label: "connect QuickBooks", roles: rolesWith("integrations.manage"), feature: "quickbooks" },
  connectStripe: { label: "connect Stripe", roles: rolesWith("integrations.manage"), feature: "stripe" },
  connectTwilio: { label: "connect Twilio", roles: rolesWith("integrations.manage"), feature: "twilio" },
  setUpPayments: { label: "set up payments", roles: rolesWith("integrations.manage"), feature: "payments" },
  seeInvoices: { label: "see invoices", roles: rolesWith("assistant.read_office"), feature: "invoicing" },
  seeRevenue: { label: "see revenue", roles: rolesWith("reports.read"), feature: "reports" },
  createJob: moduleCapability("create-job"),
  scheduleVisit: moduleCapability("schedule-visit"),
  rescheduleVisit: moduleCapability("reschedule-visit"),
  recordPayment: moduleCapability("record-payment"),
  sendReminders: moduleCapability("send-payment-reminders"),
  invoiceVisits: moduleCapability("invoice-completed-visits"),
  optimizeDay: moduleCapability("optimize-day"),
  exportCustomers: moduleCapability("export-customers"),
  enableHipaa: moduleCapability("enable-hipaa-mode"),
  requestFeature: { label: "request a new feature", roles: rolesWith("builds.manage") },
  changePlan: { label: "change the company's plan", roles: rolesWith("plan.change") },
  decideApprovals: { label: "approve or reject requests", roles: rolesWith("approvals.decide") },
  readAudit: { label: "read the audit log", roles: rolesWith("audit.read") },
} satisfies Record<string, AssistantAbility>;

/** What proposing each module needs; the module's own checks run again when it executes. */
export const MODULE_CAPABILITIES = Object.fromEntries(
  ASSISTANT_MODULE_IDS.map((moduleId) => [moduleId, moduleCapability(moduleId)]),
) as Record<AssistantModuleId, AssistantAbility>;

const ROLE_NAMES: Record<Role, string> = {
  owner: "owners",
  admin: "administrators",
  member: "members",
  field_user: "field users",
};

/** A refusal in words when the user's role or plan does not allow `capability`; null when it does. */
export function refusalFor(
  capability: AssistantAbility,
  role: Role,
  features: readonly PlanFeature[],
): AssistantPlan | null {
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

/**
 * UI actions that only show something. Every other one changes data or is there to: a module run, a feature quote,
 * a connection or a settings dialog (whose saves the API refuses anyway once a trial has lapsed).
 */
const SHOWING_ACTIONS: ReadonlySet<string> = new Set(["navigate", "showToast"]);

export function actionChangesData(action: Pick<UiAction, "type">): boolean {
  return !SHOWING_ACTIONS.has(action.type);
}

/** The answer to a request that would change data from a company whose free trial has lapsed. */
export const TRIAL_ENDED_REFUSAL: AssistantPlan = { kind: "refuse", reply: TRIAL_ENDED_MESSAGE };

/**
 * `plan` as a company whose trial has lapsed (`readOnly`) may have it: its questions answered and its pages shown,
 * while a proposal or an action that changes data becomes the trial message.
 */
export function withinTrial(plan: AssistantPlan, readOnly: boolean): AssistantPlan {
  if (!readOnly) return plan;
  if (plan.kind === "confirm") return TRIAL_ENDED_REFUSAL;
  if (plan.kind === "actions" && plan.actions.some(actionChangesData)) return TRIAL_ENDED_REFUSAL;
  return plan;
}
