import { z } from "zod";
import { brandingSchema } from "./company";
import { planIdSchema } from "./plans";
import { text } from "./text";

export const TENANT_NOT_FOUND = "Tenant not found";
export const TENANT_CONFIG_FAILED = "Failed to load tenant configuration";

/** Per client address: a tenant's pages read their config once per visit, a guesser of slugs is stopped. */
export const TENANT_CONFIG_REQUESTS_PER_MINUTE = 60;

/** A tenant is named in a path by its company id (a UUID) or its slug; both fit in 64 characters. */
export const tenantParamsSchema = z.object({ tenantId: text({ max: 64 }) });

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
});
export type TenantConfig = z.infer<typeof tenantConfigSchema>;
