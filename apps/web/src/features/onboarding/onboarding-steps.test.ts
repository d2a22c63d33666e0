import { describe, expect, it } from "vitest";
import { canAddOnboardingMember } from "@fieldops/shared/onboarding";
import { continueStep, INITIAL_WIZARD, isLastStep, progressPercent, skipStep } from "./onboarding-steps";

describe("the onboarding wizard's steps", () => {
  it("Continue completes the step and advances; progress is completed steps over all steps", () => {
    const second = continueStep(INITIAL_WIZARD);
    expect(second).toEqual({ step: 2, completed: [1] });
    expect(progressPercent(INITIAL_WIZARD)).toBe(0);
    expect(progressPercent(second)).toBe(50);
    expect(progressPercent(continueStep(second))).toBe(100);
  });

  it("Skip advances without completing, and does nothing on the last step", () => {
    const skipped = skipStep(INITIAL_WIZARD);
    expect(skipped).toEqual({ step: 2, completed: [] });
    expect(isLastStep(skipped)).toBe(true);
    expect(skipStep(skipped)).toBe(skipped);
    expect(progressPercent(skipped)).toBe(0);
  });

  it("a member row may be added only while the seat used and the rows listed stay below the 5 seats", () => {
    expect(canAddOnboardingMember(1)).toBe(true);
    expect(canAddOnboardingMember(3)).toBe(true);
    expect(canAddOnboardingMember(4)).toBe(false);
  });
});
