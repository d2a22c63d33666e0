import { z } from "zod";
import { text } from "./text";

/** How long an impersonation lasts at most; the admin starts a new one to go on. */
export const IMPERSONATION_TIME_LIMIT_MS = 60 * 60 * 1000;
/** How often an open tenant checks that its impersonation still holds. */
export const IMPERSONATION_CHECK_INTERVAL_MS = 5000;
/** The pause between an ended impersonation and the redirect away from the tenant. */
export const IMPERSONATION_REDIRECT_DELAY_MS = 500;
/** Where an ended impersonation leads when the server names no place. */
export const IMPERSONATION_FALLBACK_REDIRECT = "/admin-dashboard";

/** The admin's own token, kept while the impersonation's token stands in for it, and the impersonation's token. */
export const ORIGINAL_TOKEN_STORAGE_KEY = "original_auth_token";
export const IMPERSONATION_TOKEN_STORAGE_KEY = "impersonation_token";

export const END_IMPERSONATION_FAILED = "Failed to end impersonation session";
export const EXIT_IMPERSONATION_FAILED = "Failed to exit impersonation. Please try again.";

/** Audit log actions written for an impersonation: its start, its end, and each request made with it. */
export const IMPERSONATION_AUDIT_ACTIONS = {
  started: "impersonation.started",
  ended: "impersonation.ended",
  request: "impersonation.request",
} as const;
export const IMPERSONATION_AUDIT_PREFIX = "impersonation.";

/** How the audit log names the platform admin who acted. */
export const impersonatorLabel = (adminEmail: string) => `Platform Admin (${adminEmail})`;

/** What an impersonation session carries, as GET /api/user and the admin calls report it. */
export const impersonationSchema = z.object({
  isImpersonating: z.literal(true),
  adminId: z.string(),
  adminEmail: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
});
export type Impersonation = z.infer<typeof impersonationSchema>;

export const startImpersonationParamsSchema = z.object({ companyId: z.uuid() });

export const startImpersonationResponseSchema = z.object({
  /** The impersonation's own bearer token; only its hash is stored. */
  token: z.string(),
  impersonation: impersonationSchema,
});
export type StartImpersonationResponse = z.infer<typeof startImpersonationResponseSchema>;

export const endImpersonationResponseSchema = z.object({ redirectUrl: z.string() });
export type EndImpersonationResponse = z.infer<typeof endImpersonationResponseSchema>;

/** The tenant the admin leaves, by id or slug, as in its path. */
export const exitImpersonationRequestSchema = z.object({ tenantId: text({ max: 100, trim: true }).min(1) });
export type ExitImpersonationRequest = z.infer<typeof exitImpersonationRequestSchema>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long an impersonation has lasted, in the banner's words: just now, 1 minute, N minutes, 1 hour, N hours. */
export function formatImpersonationElapsed(elapsedMs: number): string {
  if (elapsedMs < MINUTE_MS) return "just now";
  if (elapsedMs < HOUR_MS) {
    const minutes = Math.floor(elapsedMs / MINUTE_MS);
    return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  }
  const hours = Math.floor(elapsedMs / HOUR_MS);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}
