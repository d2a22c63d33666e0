import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { brandingSchema } from "./company";
import { planIdSchema, type PlanFeature } from "./plans";
import { text } from "./text";

export const TENANT_NOT_FOUND = "Tenant not found";
export const TENANT_CONFIG_FAILED = "Failed to load tenant configuration";

/** Per client address: a tenant's pages read their config once per visit, a guesser of slugs is stopped. */
export const TENANT_CONFIG_REQUESTS_PER_MINUTE = 60;

/** A tenant is named by its company id (a UUID), its slug, or the host name of its verified custom domain. */
export const tenantParamsSchema = z.object({ tenantId: text({ max: 253 }) });

/**
 * GET /api/tenants/{tenantId}/config. Anyone may read the public part (what the tenant's login page shows: id, slug,
 * branding, industry, home path); `plan`, `features` and `betaMode` describe the company's account and are null
 * unless the caller belongs to the tenant or is a platform admin.
 */
export const tenantConfigSchema = z.object({
  id: z.string(),
  slug: z.string(),
  branding: brandingSchema,
  industry: z.string(),
  homePath: z.string(),
  plan: planIdSchema.nullable(),
  planName: z.string().nullable(),
  features: z.array(z.string()).nullable(),
  betaMode: z.boolean().nullable(),
  /** The tenant's plan has white label: its pages show no product branding. Public, since its login page is one of them. */
  whiteLabel: z.boolean(),
});
export type TenantConfig = z.infer<typeof tenantConfigSchema>;

/** The tenant features that also need a plan feature: a plan without it hides the feature from the tenant's pages. */
export const TENANT_FEATURE_PLAN_GATES: Readonly<Partial<Record<string, PlanFeature>>> = {
  billing: "invoicing",
  payments: "payments",
  reporting: "reports",
  ai_chat: "ai_chat",
};

/** The company's features that its plan features (its plan's, with the switches administrators set) allow. */
export function tenantFeaturesForPlan(features: readonly string[], planFeatures: readonly PlanFeature[]): string[] {
  return features.filter((feature) => {
    const gate = TENANT_FEATURE_PLAN_GATES[feature];
    return gate === undefined || planFeatures.includes(gate);
  });
}

export const tenantEndpoints = {
  config: defineEndpoint({
    method: "GET",
    path: "/api/tenants/:tenantId/config",
    tags: ["tenants"],
    summary:
      "A tenant's branding and home path; its plan, features and beta mode for its own users and platform admins",
    params: tenantParamsSchema,
    response: tenantConfigSchema,
  }),
} as const;
