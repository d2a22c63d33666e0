import { z } from "zod";
import { assistantUserContextSchema } from "./assistant-user-context";
import { defineEndpoint } from "./endpoint";
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

/** The signed-in company's demo status and tier, and the context the assistant is given. */
export const demoEndpoints = {
  status: defineEndpoint({
    method: "GET",
    path: "/api/demo/status",
    tags: ["demo"],
    summary: "Whether the company is a demo, and its switched tier",
    response: demoStatusSchema,
  }),
  switchTier: defineEndpoint({
    method: "POST",
    path: "/api/demo/tier",
    tags: ["demo"],
    summary: "Switch a demo company to a tier (its plan's features); owners and administrators of demo companies only",
    body: demoTierRequestSchema,
    response: demoStatusSchema,
    capability: "demo.switch_tier",
  }),
  assistantUserContext: defineEndpoint({
    method: "GET",
    path: "/api/brain/context",
    tags: ["demo"],
    summary: "The signed-in user and their company, as the assistant knows them",
    response: assistantUserContextSchema,
  }),
} as const;
