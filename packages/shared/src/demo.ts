import { z } from "zod";
import { planIdSchema } from "./plans";

/** A demo company's tier is one of the plans: switching it gives the company that plan's features. */
export const demoTierSchema = planIdSchema;

/** GET /api/demo/status. */
export const demoStatusSchema = z.object({
  isDemoCompany: z.boolean(),
  /** Whether the demo's walkthrough documentation is shown: to demo companies only. */
  demoDocsVisible: z.boolean(),
  /** The tier the demo was last switched to; null until it is switched. */
  demoTierOverride: demoTierSchema.nullable(),
});
export type DemoStatus = z.infer<typeof demoStatusSchema>;

/** POST /api/demo/tier. */
export const demoTierRequestSchema = z.object({ tier: demoTierSchema });
export type DemoTierRequest = z.infer<typeof demoTierRequestSchema>;

export const DEMO_TIER_UPDATED = "Demo Tier Updated";
export const DEMO_TIER_FAILED = "Failed to switch demo tier";
export const NOT_A_DEMO_COMPANY = "Only a demo company can switch its tier";
