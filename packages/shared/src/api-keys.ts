/** Keys of the public API (Pro: "API access"): the app's own REST API and OpenAPI document, limited to a key's scopes. */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/**
 * What a key may reach, by area: each area is the endpoints of these OpenAPI tags. A key reads an area with
 * `<area>:read` and changes it with `<area>:write` (which reads too). Nothing else is open to a key: team, settings,
 * billing, integrations, the assistant and the admin portal need a person.
 */
export const API_KEY_AREAS = {
  customers: { label: "Customers", tags: ["customers"] },
  jobs: { label: "Jobs, visits and the schedule", tags: ["jobs", "visits", "schedule", "dispatch"] },
  crews: { label: "Crews", tags: ["crews"] },
  estimates: { label: "Leads and estimates", tags: ["estimates", "leads"] },
  invoices: { label: "Invoices and payments", tags: ["invoices", "payments"] },
  reports: { label: "Reports (read only)", tags: ["reports"] },
  /** Subscribing and unsubscribing webhooks, as a Zapier app does (REST hooks): `hooks:write` only, nothing to read. */
  hooks: { label: "REST hooks (Zapier)", tags: ["hooks"] },
} as const satisfies Record<string, { label: string; tags: readonly string[] }>;
export type ApiKeyArea = keyof typeof API_KEY_AREAS;
const AREAS = Object.keys(API_KEY_AREAS) as [ApiKeyArea, ...ApiKeyArea[]];

export const apiKeyScopeSchema = z.enum(
  AREAS.flatMap((area) =>
    area === "reports" ? [`${area}:read`] : area === "hooks" ? [`${area}:write`] : [`${area}:read`, `${area}:write`],
  ) as [string, ...string[]],
);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** The area an endpoint of these tags belongs to, or null: no key reaches it. */
export function apiKeyAreaOf(tags: readonly string[]): ApiKeyArea | null {
  for (const area of AREAS)
    if (tags.some((tag) => (API_KEY_AREAS[area].tags as readonly string[]).includes(tag))) return area;
  return null;
}

/** Whether scopes let a key call an endpoint of `area`: reads need read or write, changes need write. */
export function apiKeyAllows(scopes: readonly string[], area: ApiKeyArea, write: boolean): boolean {
  return scopes.includes(`${area}:write`) || (!write && scopes.includes(`${area}:read`));
}

/** Keys look like `fo_key_` and 43 base64url characters: recognisable in a header, in a leak scanner and in a URL. */
export const API_KEY_PREFIX = "fo_key_";
export const API_KEY_PATTERN = /fo_key_[A-Za-z0-9_-]{43}/;

/** Requests a minute one key may make, whatever address they come from. */
export const API_KEY_REQUESTS_PER_MINUTE = 300;
/** Keys one company may have live at once. */
export const MAX_API_KEYS = 25;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart: the key itself is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  createdByName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema).max(MAX_API_KEYS) });

export const createApiKeyRequestSchema = z.object({
  name: text({ max: 80, trim: true }).min(1, "Name the key after what uses it"),
  scopes: z.array(apiKeyScopeSchema).min(1, "Choose at least one area").max(20),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

/** The new key with its secret, shown this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });

export const apiKeyEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/api-keys",
    tags: ["api-keys"],
    summary: "The company's live API keys, without their secrets (owners; Pro)",
    response: apiKeyListSchema,
    capability: "settings.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/api-keys",
    tags: ["api-keys"],
    summary: "A new API key with its scopes; its secret is shown only in this answer (owners; Pro)",
    body: createApiKeyRequestSchema,
    status: 201,
    response: createdApiKeySchema,
    capability: "settings.manage",
  }),
  revoke: defineEndpoint({
    method: "DELETE",
    path: "/api/api-keys/:id",
    tags: ["api-keys"],
    summary: "Revoke an API key: it is refused from the next request on (owners)",
    params: z.object({ id: z.uuid() }),
    status: 204,
    response: z.null(),
    capability: "settings.manage",
  }),
} as const;
