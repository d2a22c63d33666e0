import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { idempotencyHeadersSchema } from "./idempotency";
import { buildQuoteSchema, buildRiskSchema, featureRequestSchema, featureSpecSchema } from "./feature-spec";
import { text } from "./text";

/** How long a quote's consent token may be used to start its build. */
export const CONSENT_TOKEN_TTL_MS = 30 * 60 * 1000;

/** The stages of a build, in order, with the names the quote dialog and the monitors show. */
export const BUILD_STAGES = ["generate", "test", "preview", "production"] as const;
export const buildStageNameSchema = z.enum(BUILD_STAGES);
export type BuildStageName = z.infer<typeof buildStageNameSchema>;
export const BUILD_STAGE_LABELS: Record<BuildStageName, string> = {
  generate: "Generate code",
  test: "Run tests and CI",
  preview: "Deploy to preview",
  production: "Merge to production",
};

export const BUILD_STATUSES = [
  "queued",
  "running",
  "failed",
  "preview",
  "promoting",
  "production",
  "rolled_back",
] as const;
export const buildStatusSchema = z.enum(BUILD_STATUSES);
export type BuildStatus = z.infer<typeof buildStatusSchema>;

export const buildStageStatusSchema = z.enum(["pending", "running", "passed", "failed"]);
export type BuildStageStatus = z.infer<typeof buildStageStatusSchema>;

/** POST /api/build-sessions/{sessionId}/quote: a request in words (the assistant's) or a refined spec. */
export const quoteRequestSchema = z.object({ spec: z.union([featureSpecSchema, featureRequestSchema]) });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const buildSessionParamsSchema = z.object({ sessionId: z.uuid() });

export const quoteResponseSchema = z.object({
  proposalId: z.string(),
  sessionId: z.string(),
  quote: buildQuoteSchema,
  spec: featureSpecSchema,
  consentToken: z.string(),
  /** "model" or "parser": what turned the words into the spec. */
  specSource: z.string(),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** POST /api/builds (with the header Idempotency-Key). `instanceId` is the company the build is for (its id or slug). */
export const acceptBuildRequestSchema = z.object({
  consentToken: text({ max: 2000 }).min(1),
  instanceId: text({ max: 100 }).min(1),
});
export const acceptBuildResponseSchema = z.object({ buildId: z.string(), etaMinutes: z.number().int() });
export type AcceptBuildResponse = z.infer<typeof acceptBuildResponseSchema>;

export const buildLogLineSchema = z.object({ at: z.string(), message: z.string() });
export type BuildLogLine = z.infer<typeof buildLogLineSchema>;

export const buildCheckSchema = z.object({
  name: z.string(),
  passed: z.boolean(),
  detail: z.string(),
  durationMs: z.number(),
});
export type BuildCheck = z.infer<typeof buildCheckSchema>;

export const buildStageSchema = z.object({
  stage: buildStageNameSchema,
  label: z.string(),
  status: buildStageStatusSchema,
  attempts: z.number().int(),
  log: z.array(buildLogLineSchema).max(1000),
  checks: z.array(buildCheckSchema).max(1000).nullable(),
  error: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().int().nullable(),
});
export type BuildStageView = z.infer<typeof buildStageSchema>;

export const buildSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string().nullable(),
  proposalId: z.string(),
  featureName: z.string(),
  description: z.string(),
  status: buildStatusSchema,
  currentStage: buildStageNameSchema.nullable(),
  risk: buildRiskSchema,
  priceUsd: z.number(),
  etaMinutes: z.number().int(),
  acceptedBy: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
  entities: z.array(z.object({ key: z.string(), name: z.string() })).max(20),
  error: z.string().nullable(),
  createdAt: z.string(),
  previewAt: z.string().nullable(),
  productionAt: z.string().nullable(),
  rolledBackAt: z.string().nullable(),
  stages: z.array(buildStageSchema).max(BUILD_STAGES.length),
});
export type BuildView = z.infer<typeof buildSchema>;

export const buildListResponseSchema = z.object({ items: z.array(buildSchema).max(200) });
export type BuildListResponse = z.infer<typeof buildListResponseSchema>;

export const buildParamsSchema = z.object({ id: z.uuid() });

/** The price list of feature builds: what each part of a spec costs and takes, and where risk starts. */
export const buildPricingSchema = z.object({
  baseUsd: z.number().nonnegative().max(1_000_000),
  perEntityUsd: z.number().nonnegative().max(1_000_000),
  perFieldUsd: z.number().nonnegative().max(1_000_000),
  perRelationUsd: z.number().nonnegative().max(1_000_000),
  perRouteUsd: z.number().nonnegative().max(1_000_000),
  baseMinutes: z.number().int().positive().max(10_000),
  minutesPerEntity: z.number().int().nonnegative().max(10_000),
  minutesPerField: z.number().int().nonnegative().max(10_000),
  minutesPerRoute: z.number().int().nonnegative().max(10_000),
  /** Risk points: 2 per entity, 1 per relation to another entity, 3 per relation to a built-in record, 1 per money field. */
  mediumRiskFrom: z.number().int().positive().max(1000),
  highRiskFrom: z.number().int().positive().max(1000),
});
export type BuildPricing = z.infer<typeof buildPricingSchema>;

export const DEFAULT_BUILD_PRICING: BuildPricing = {
  baseUsd: 49,
  perEntityUsd: 150,
  perFieldUsd: 10,
  perRelationUsd: 40,
  perRouteUsd: 15,
  baseMinutes: 5,
  minutesPerEntity: 4,
  minutesPerField: 1,
  minutesPerRoute: 1,
  mediumRiskFrom: 5,
  highRiskFrom: 14,
};

export const buildPricingResponseSchema = z.object({ pricing: buildPricingSchema, updatedAt: z.string().nullable() });
export type BuildPricingResponse = z.infer<typeof buildPricingResponseSchema>;

const tags = ["builds"];

/**
 * Feature builds: a company's quotes and builds (owners and administrators), and the platform administrators' view of
 * every company's builds and the price list (the server checks that the caller is one; no capability).
 */
export const buildEndpoints = {
  quote: defineEndpoint({
    method: "POST",
    path: "/api/build-sessions/:sessionId/quote",
    tags,
    summary:
      "Quote a feature (owners and administrators): a worker turns the request (words, or a refined spec) into a spec and prices it; " +
      "the answer carries a consent token bound to this quote and user, good once until it expires",
    params: buildSessionParamsSchema,
    body: quoteRequestSchema,
    response: quoteResponseSchema,
    capability: "builds.manage",
  }),
  /** 201 with a new build; 200 with the build an Idempotency-Key already started. */
  accept: defineEndpoint({
    method: "POST",
    path: "/api/builds",
    tags,
    summary:
      "Accept a quote and start its build, once per Idempotency-Key (the same key answers with the same build, also when sent at once); " +
      "a consent token used, expired, or not the caller's is refused",
    headers: idempotencyHeadersSchema,
    body: acceptBuildRequestSchema,
    status: 201,
    response: acceptBuildResponseSchema,
    capability: "builds.manage",
  }),
  list: defineEndpoint({
    method: "GET",
    path: "/api/builds",
    tags,
    summary: "The company's feature builds with their stages, logs and durations, newest first",
    response: buildListResponseSchema,
    capability: "builds.manage",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/builds/:id",
    tags,
    summary: "One build of the company's",
    params: buildParamsSchema,
    response: buildSchema,
    capability: "builds.manage",
  }),
  promote: defineEndpoint({
    method: "POST",
    path: "/api/builds/:id/promote",
    tags,
    summary: "Promote a build in preview to production (every user of the company gets it; its quote is charged then)",
    params: buildParamsSchema,
    response: buildSchema,
    capability: "builds.manage",
  }),
  retry: defineEndpoint({
    method: "POST",
    path: "/api/builds/:id/retry",
    tags,
    summary: "Run a failed build again from the stage that failed",
    params: buildParamsSchema,
    response: buildSchema,
    capability: "builds.manage",
  }),
  rollback: defineEndpoint({
    method: "POST",
    path: "/api/builds/:id/rollback",
    tags,
    summary: "Roll a build back: its feature leaves the app, the records entered stay until deleted",
    params: buildParamsSchema,
    response: buildSchema,
    capability: "builds.manage",
  }),
  adminList: defineEndpoint({
    method: "GET",
    path: "/api/admin/builds",
    tags,
    summary: "Every company's feature builds (platform administrators)",
    response: buildListResponseSchema,
  }),
  pricing: defineEndpoint({
    method: "GET",
    path: "/api/admin/saas-factory/pricing",
    tags,
    summary: "The price list of feature builds (platform administrators)",
    response: buildPricingResponseSchema,
  }),
  savePricing: defineEndpoint({
    method: "PUT",
    path: "/api/admin/saas-factory/pricing",
    tags,
    summary: "Change the price list of feature builds (platform administrators); later quotes use it",
    body: buildPricingSchema,
    response: buildPricingResponseSchema,
  }),
} as const;

/** The browser event the app dispatches on `window` when a build was accepted (its detail: buildId, sessionId, spec, quote). */
export const BUILD_ACCEPTED_EVENT = "fieldops:build-accepted";

export const BUILD_TEXTS = {
  dialogTitle: "Feature Build Quote",
  accept: "Accept & Build",
  accepting: "Starting Build...",
  cancel: "Cancel",
  missingInformation: "Missing required information to proceed with build",
  queuedTitle: "Build Queued!",
  errorTitle: "Build Error",
  acceptFailed: "Failed to accept build",
  startFailed: "Failed to start build process",
  authorization:
    "By accepting, you authorize generating and deploying code, creating migrations, configuring integrations, and billing the quoted amount.",
} as const;
