import { z } from "zod";

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
