import { z } from "zod";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import { phoneSchema } from "./team";
import { text } from "./text";

/** The plan the first-run setup shows: the seats it offers and the one the owner already takes. */
export const ONBOARDING_PLAN = { name: "Starter", seatsAllowed: 5, seatsUsed: 1 } as const;
export const ONBOARDING_STEP_COUNT = 2;
/** The most team members the setup can invite. */
export const ONBOARDING_MAX_MEMBERS = ONBOARDING_PLAN.seatsAllowed - ONBOARDING_PLAN.seatsUsed;

/** Another member row may be added only while the seats taken and the rows listed stay below the allowance. */
export function canAddOnboardingMember(rows: number): boolean {
  return ONBOARDING_PLAN.seatsUsed + rows < ONBOARDING_PLAN.seatsAllowed;
}

export const onboardingMemberSchema = z.object({
  name: text({ max: 100, trim: true }).min(1, "A name is required"),
  cell: phoneSchema,
  email: emailSchema,
});
export type OnboardingMember = z.infer<typeof onboardingMemberSchema>;

/** Completing the setup: the company's name (absent when its step was skipped) and the team members to invite. */
export const completeOnboardingRequestSchema = z.object({
  companyName: text({ max: 100, trim: true }).min(2, "Company name must be at least 2 characters").optional(),
  members: z
    .array(onboardingMemberSchema)
    .max(ONBOARDING_MAX_MEMBERS, `Your plan has room for ${ONBOARDING_MAX_MEMBERS} more team members`),
});
export type CompleteOnboardingRequest = z.input<typeof completeOnboardingRequestSchema>;

export const completeOnboardingResponseSchema = z.object({ invited: z.number().int() });

export const onboardingEndpoints = {
  complete: defineEndpoint({
    method: "POST",
    path: "/api/onboarding/complete",
    tags: ["onboarding"],
    summary: "Finish the first-run setup: the company's name and the team members to invite (owners)",
    body: completeOnboardingRequestSchema,
    response: completeOnboardingResponseSchema,
    capability: "team.manage",
  }),
} as const;
