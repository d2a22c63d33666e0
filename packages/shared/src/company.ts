import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { planFeatureSchema, planIdSchema } from "./plans";
import { terminologySchema, verticalIdSchema } from "./verticals";

export const brandingSchema = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  primaryColor: z.string(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** GET /api/company: the signed-in user's company. */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  industry: z.string(),
  verticalId: verticalIdSchema,
  planId: planIdSchema,
  planName: z.string(),
  branding: brandingSchema,
  features: z.array(z.string()),
  /** The plan features the company can use now: its plan's, with the switches platform administrators set. */
  planFeatures: z.array(planFeatureSchema),
  betaMode: z.boolean(),
  homePath: z.string(),
  hipaaMode: z.boolean(),
  timeZone: z.string(),
  trialEndsAt: z.string().nullable(),
  onboardingState: z.enum(["pending", "completed"]),
  terminology: terminologySchema,
});
export type Company = z.infer<typeof companySchema>;

export const companyEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/company",
    tags: ["company"],
    summary: "The signed-in user's company",
    response: companySchema,
  }),
} as const;
