import { z } from "zod";
import type { IndustrySlug } from "./tenant-routes";

export const verticalIdSchema = z.enum(["field_service", "cleaning", "plumbing", "hvac", "wound_care", "landscaping"]);
export type VerticalId = z.infer<typeof verticalIdSchema>;

export const integrationIdSchema = z.enum(["quickbooks", "stripe", "twilio", "zapier", "google_calendar"]);

export const terminologySchema = z.object({
  job: z.string(),
  jobs: z.string(),
  technician: z.string(),
  technicians: z.string(),
  customer: z.string(),
  customers: z.string(),
});
export type Terminology = z.infer<typeof terminologySchema>;

export const verticalSchema = z.object({
  id: verticalIdSchema,
  name: z.string(),
  description: z.string(),
  terminology: terminologySchema,
  copy: z.object({ tagline: z.string() }),
  features: z.array(z.string()),
  integrations: z.object({
    recommended: z.array(integrationIdSchema),
    required: z.array(integrationIdSchema),
    prohibited: z.array(integrationIdSchema),
  }),
  settings: z.object({
    hipaaMode: z.boolean(),
    requireBaa: z.boolean(),
    industryRegulations: z.array(z.string()),
  }),
});
export type Vertical = z.infer<typeof verticalSchema>;

const standardTerms = (job: string, jobs: string, technician: string, technicians: string): Terminology => ({
  job,
  jobs,
  technician,
  technicians,
  customer: "Customer",
  customers: "Customers",
});

const noRegulations = { hipaaMode: false, requireBaa: false, industryRegulations: [] };
const commonFeatures = ["jobs", "scheduling", "billing", "payments", "reporting", "ai_chat"];

export const VERTICALS: Record<VerticalId, Vertical> = {
  field_service: {
    id: "field_service",
    name: "Field Service",
    description: "Jobs, crews, scheduling and billing for any trade.",
    terminology: standardTerms("Job", "Jobs", "Technician", "Technicians"),
    copy: { tagline: "Run every job from quote to paid." },
    features: commonFeatures,
    integrations: { recommended: ["quickbooks", "stripe"], required: [], prohibited: [] },
    settings: noRegulations,
  },
  cleaning: {
    id: "cleaning",
    name: "Cleaning",
    description: "Recurring cleans, checklists and crews.",
    terminology: standardTerms("Job", "Jobs", "Cleaner", "Cleaners"),
    copy: { tagline: "Every clean on time, every invoice paid." },
    features: commonFeatures,
    integrations: { recommended: ["stripe", "twilio"], required: [], prohibited: [] },
    settings: noRegulations,
  },
  plumbing: {
    id: "plumbing",
    name: "Plumbing",
    description: "Service calls, estimates and dispatch for plumbers.",
    terminology: standardTerms("Service Call", "Service Calls", "Plumber", "Plumbers"),
    copy: { tagline: "Dispatch the right plumber, fast." },
    features: [...commonFeatures, "leads", "estimator"],
    integrations: { recommended: ["quickbooks", "stripe", "twilio"], required: [], prohibited: [] },
    settings: noRegulations,
  },
  hvac: {
    id: "hvac",
    name: "HVAC",
    description: "Maintenance agreements, service calls and installs.",
    terminology: standardTerms("Service Call", "Service Calls", "HVAC Technician", "HVAC Technicians"),
    copy: { tagline: "Keep every system and schedule running." },
    features: [...commonFeatures, "leads", "estimator"],
    integrations: { recommended: ["quickbooks", "stripe", "twilio"], required: [], prohibited: [] },
    settings: noRegulations,
  },
  wound_care: {
    id: "wound_care",
    name: "Wound Care",
    description: "Home-health visits with HIPAA safeguards.",
    terminology: {
      job: "Patient Visit",
      jobs: "Patient Visits",
      technician: "Nurse",
      technicians: "Nurses",
      customer: "Patient",
      customers: "Patients",
    },
    copy: { tagline: "Every patient visit documented and on time." },
    features: commonFeatures,
    integrations: { recommended: ["quickbooks"], required: [], prohibited: ["zapier"] },
    settings: { hipaaMode: true, requireBaa: true, industryRegulations: ["HIPAA", "HITECH"] },
  },
  landscaping: {
    id: "landscaping",
    name: "Landscaping",
    description: "Recurring lawn care, seasonal work and crews.",
    terminology: standardTerms("Job", "Jobs", "Landscaper", "Landscapers"),
    copy: { tagline: "Every yard on route, every visit billed." },
    features: commonFeatures,
    integrations: { recommended: ["quickbooks", "stripe", "twilio"], required: [], prohibited: [] },
    settings: noRegulations,
  },
};

const verticalByIndustry: Partial<Record<IndustrySlug, VerticalId>> = {
  "lawn-care": "landscaping",
  turf: "landscaping",
  landscaping: "landscaping",
  "tree-service": "landscaping",
  plumbing: "plumbing",
  hvac: "hvac",
  "carpet-cleaning": "cleaning",
  "pressure-washing": "cleaning",
  pharmacy: "wound_care",
};

export function verticalForIndustry(industry: string): VerticalId {
  return verticalByIndustry[industry as IndustrySlug] ?? "field_service";
}

/** Tenant tiers, default and plumbing, each with a feature list. */
export const TENANT_FEATURES = [
  "leads",
  "estimator",
  "jobs",
  "scheduling",
  "billing",
  "payments",
  "reporting",
  "ai_chat",
] as const;
export const tenantFeatureSchema = z.enum(TENANT_FEATURES);
export type TenantFeature = z.infer<typeof tenantFeatureSchema>;
