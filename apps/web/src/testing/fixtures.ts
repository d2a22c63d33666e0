import type { User } from "@fieldops/shared/auth";
import type { Company } from "@fieldops/shared/company";
import type { ScheduleVisit } from "@fieldops/shared/schedule";
import { PLANS } from "@fieldops/shared/plans";
import { VERTICALS } from "@fieldops/shared/verticals";

/** A signed-in user as GET /api/user returns it; a member of company c1 unless overridden. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: "u1",
    email: "member@demo.test",
    name: "Mia Member",
    role: "member",
    permissions: ["view", "edit"],
    companyId: "c1",
    impersonating: false,
    ...overrides,
  };
}

/**
 * A company as GET /api/company returns it: Green Valley Lawn Care (landscaping, Pro) unless overridden; its plan
 * features are its plan's unless given.
 */
export function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: "c1",
    name: "Green Valley Lawn Care",
    slug: "green-valley",
    industry: "lawn-care",
    verticalId: "landscaping",
    planId: "pro",
    planName: "Pro",
    branding: { name: "Green Valley Lawn Care", logo: null, primaryColor: "#15803d" },
    features: [],
    planFeatures: PLANS[overrides.planId ?? "pro"].features,
    betaMode: false,
    homePath: "/userdash",
    hipaaMode: false,
    timeZone: "America/Chicago",
    trialEndsAt: null,
    onboardingState: "completed",
    terminology: VERTICALS[overrides.verticalId ?? "landscaping"].terminology,
    ...overrides,
  };
}

/** A visit as the schedule shows it: job #7's, unscheduled and without a crew, unless overridden. */
export function makeScheduleVisit(overrides: Partial<ScheduleVisit> = {}): ScheduleVisit {
  return {
    id: "v1",
    jobId: "j1",
    jobNumber: 7,
    jobTitle: "Hedge trimming",
    customerName: "Henderson Family",
    propertyLabel: null,
    requiredSkills: [],
    crewId: null,
    status: "unscheduled",
    start: null,
    end: null,
    durationMinutes: 60,
    version: 1,
    createdAt: "2030-03-01T00:00:00.000Z",
    ...overrides,
  };
}
