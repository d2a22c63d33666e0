import { z } from "zod";
import { defineEndpoint } from "./endpoint";

export const planIdSchema = z.enum(["starter", "growth", "pro", "suite"]);
export type PlanId = z.infer<typeof planIdSchema>;

// Each plan adds features to the one below it; the list of all features is their union.
const STARTER_FEATURES = ["email_notifications"] as const;
const GROWTH_ADDS = [
  "invoicing",
  "payments",
  "reports",
  "sms",
  "portal",
  "quickbooks",
  "stripe",
  "twilio",
  "calendar",
  "audit_logs",
  "export",
] as const;
const PRO_ADDS = [
  "analytics",
  "route_optimization",
  "zapier",
  "api",
  "priority_support",
  "phone_support",
  "ai_chat",
  "hipaa_mode",
] as const;
const SUITE_ADDS = ["white_label", "custom_domain"] as const;

export const planFeatureSchema = z.enum([...STARTER_FEATURES, ...GROWTH_ADDS, ...PRO_ADDS, ...SUITE_ADDS]);
export type PlanFeature = z.infer<typeof planFeatureSchema>;

/** -1 means unlimited. */
export const planLimitsSchema = z.object({
  jobsPerMonth: z.number().int(),
  teamMembers: z.number().int(),
  customers: z.number().int(),
  storageGb: z.number().int(),
});
export type PlanLimits = z.infer<typeof planLimitsSchema>;

export const planSchema = z.object({
  id: planIdSchema,
  name: z.string(),
  price: z.number(),
  currency: z.literal("USD"),
  limits: planLimitsSchema,
  features: z.array(planFeatureSchema),
});
export type Plan = z.infer<typeof planSchema>;

export const UNLIMITED = -1;

const growthFeatures: PlanFeature[] = [...STARTER_FEATURES, ...GROWTH_ADDS];
const proFeatures: PlanFeature[] = [...growthFeatures, ...PRO_ADDS];

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: "starter",
    name: "Starter",
    price: 1,
    currency: "USD",
    limits: { jobsPerMonth: 50, teamMembers: 25, customers: 100, storageGb: 1 },
    features: [...STARTER_FEATURES],
  },
  growth: {
    id: "growth",
    name: "Growth",
    price: 129,
    currency: "USD",
    limits: { jobsPerMonth: 200, teamMembers: 25, customers: 500, storageGb: 10 },
    features: growthFeatures,
  },
  pro: {
    id: "pro",
    name: "Pro",
    price: 249,
    currency: "USD",
    limits: { jobsPerMonth: UNLIMITED, teamMembers: UNLIMITED, customers: UNLIMITED, storageGb: 100 },
    features: proFeatures,
  },
  suite: {
    id: "suite",
    name: "Suite",
    price: 0,
    currency: "USD",
    limits: { jobsPerMonth: UNLIMITED, teamMembers: UNLIMITED, customers: UNLIMITED, storageGb: UNLIMITED },
    features: [...proFeatures, ...SUITE_ADDS],
  },
};

export const FREE_TRIAL_DAYS = 7;

export function planHasFeature(planId: PlanId, feature: PlanFeature): boolean {
  return PLANS[planId].features.includes(feature);
}

/** The cheapest plan that includes `feature` (the plan an upgrade message names). */
export function firstPlanWithFeature(feature: PlanFeature): Plan {
  return planIdSchema.options.map((id) => PLANS[id]).find((plan) => plan.features.includes(feature))!;
}

/** The first plan, in order of price, that allows more of `limit` than `planId` does; null when none does. */
export function planAllowingMore(planId: PlanId, limit: keyof PlanLimits): Plan | null {
  const current = PLANS[planId].limits[limit];
  if (current === UNLIMITED) return null;
  const plans = planIdSchema.options.map((id) => PLANS[id]);
  return plans.find((plan) => plan.limits[limit] === UNLIMITED || plan.limits[limit] > current) ?? null;
}

export function isWithinLimit(limit: number, used: number): boolean {
  return limit === UNLIMITED || used < limit;
}

/** The words a refusal and the plan table use for each feature. */
export const PLAN_FEATURE_LABELS: Record<PlanFeature, string> = {
  email_notifications: "Email notifications",
  invoicing: "Invoicing",
  payments: "Payments",
  reports: "Reports",
  sms: "SMS",
  portal: "The customer portal",
  quickbooks: "QuickBooks",
  stripe: "Stripe",
  twilio: "Twilio",
  calendar: "Calendar sync",
  audit_logs: "Audit logs",
  export: "Export",
  analytics: "Analytics",
  route_optimization: "Route optimization",
  zapier: "Zapier",
  api: "API access",
  priority_support: "Priority support",
  phone_support: "Phone support",
  ai_chat: "AI chat",
  hipaa_mode: "HIPAA mode",
  white_label: "White label",
  custom_domain: "Custom domain",
};

/** The toast and notice a refused plan feature shows. */
export const PLAN_UPGRADE_TITLE = "Plan Upgrade Required";
export const PLAN_UPGRADE_DESCRIPTION = "This feature requires a plan upgrade";

/** The refusal of a feature the company's plan lacks, naming the cheapest plan that has it. */
export function planFeatureMessage(feature: PlanFeature, label: string = PLAN_FEATURE_LABELS[feature]): string {
  return `${label} requires the ${firstPlanWithFeature(feature).name} plan or higher.`;
}

export type PlanLimitName = keyof PlanLimits;

/** How much of a limit a plan allows, in words: "50 jobs a month", "unlimited customers", "10 GB". */
export function describeLimit(limit: PlanLimitName, amount: number, noun: string): string {
  if (limit === "storageGb") return amount === UNLIMITED ? "unlimited storage" : `${amount} GB of storage`;
  const count = amount === UNLIMITED ? `unlimited ${noun}` : `${amount} ${noun}`;
  return limit === "jobsPerMonth" && amount !== UNLIMITED ? `${count} a month` : count;
}

/**
 * The refusal of one more of `limit`: what the plan allows, what is used, and the first plan that allows more.
 * `noun` is the company's word for the thing counted ("service calls", "patients").
 */
export function planLimitMessage(planId: PlanId, limit: PlanLimitName, used: number, noun: string): string {
  const plan = PLANS[planId];
  const better = planAllowingMore(planId, limit);
  const upgrade = better ? ` The ${better.name} plan allows ${describeLimit(limit, better.limits[limit], noun)}.` : "";
  const usedText = limit === "jobsPerMonth" ? `and ${used} were created this month` : `and you have ${used}`;
  return `Your ${plan.name} plan allows ${describeLimit(limit, plan.limits[limit], noun)} ${usedText}.${upgrade}`;
}

/** The refusal of a plan change that the company's usage does not fit in. */
export function downgradeRefusalMessage(planId: PlanId, limit: PlanLimitName, used: number, noun: string): string {
  const plan = PLANS[planId];
  const usedText =
    limit === "storageGb"
      ? `${used} GB of storage`
      : limit === "jobsPerMonth"
        ? `${used} ${noun} created this month`
        : `${used} ${noun}`;
  return `You cannot move to the ${plan.name} plan: it allows ${describeLimit(limit, plan.limits[limit], noun)} and you have ${usedText}.`;
}

/** The answer to every change a company makes once its free trial has ended without a plan being chosen. */
export const TRIAL_ENDED_MESSAGE = "Your free trial has ended. Choose a plan to keep making changes.";

export type TrialState = "none" | "active" | "ended";

/** A trial is running until `trialEndsAt`; choosing a plan clears it (no date, no trial). */
export function trialState(trialEndsAt: Date | string | null, now: Date = new Date()): TrialState {
  if (trialEndsAt === null) return "none";
  return new Date(trialEndsAt).getTime() > now.getTime() ? "active" : "ended";
}

/** How much of each limit the company uses now; jobs are those created this month in the company's time zone. */
export const planUsageSchema = z.object({
  jobsPerMonth: z.number().int(),
  teamMembers: z.number().int(),
  customers: z.number().int(),
  storageGb: z.number(),
});
export type PlanUsage = z.infer<typeof planUsageSchema>;

/** GET /api/company/plan: the company's plan, its trial, and its usage against each limit. */
export const planOverviewSchema = z.object({
  planId: planIdSchema,
  trialEndsAt: z.string().nullable(),
  trialState: z.enum(["none", "active", "ended"]),
  /** The trial ended without a plan being chosen: reads work, changes are refused until one is. */
  readOnly: z.boolean(),
  usage: planUsageSchema,
  /** The company's words for the counted things, for the usage lines. */
  nouns: z.object({ jobs: z.string(), customers: z.string() }),
  timeZone: z.string(),
});
export type PlanOverview = z.infer<typeof planOverviewSchema>;

/** PUT /api/company/plan: choose a plan (owners only). Choosing the current plan during a trial ends the trial on it. */
export const changePlanRequestSchema = z.object({ planId: planIdSchema }).strict();
export type ChangePlanRequest = z.infer<typeof changePlanRequestSchema>;

export const planEndpoints = {
  overview: defineEndpoint({
    method: "GET",
    path: "/api/company/plan",
    tags: ["company"],
    summary: "The company's plan, its free trial, and its usage against each limit (jobs this month in its time zone)",
    response: planOverviewSchema,
  }),
  change: defineEndpoint({
    method: "PUT",
    path: "/api/company/plan",
    tags: ["company"],
    summary:
      "Choose the company's plan (owners): takes effect at once and ends the free trial, recorded in the audit log (no billing). " +
      "Refused while usage exceeds the plan's limits; choosing the same plan again changes nothing",
    body: changePlanRequestSchema,
    response: planOverviewSchema,
    capability: "plan.change",
  }),
} as const;
