import type { PlanId } from "@fieldops/shared/plans";

/**
 * What a use case can refuse, independent of how it is called. The HTTP edge maps each kind to a status code
 * (apps/api/src/http/error-handler.ts); a job that meets one fails without retrying.
 */
export const DOMAIN_ERROR_KINDS = [
  "invalid_input",
  "not_signed_in",
  "forbidden",
  "not_found",
  "conflict",
  "plan_limit",
  "payment_required",
  "rate_limited",
  "unavailable",
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The input field at fault, when there is one, so a form can show the message beside it. */
    readonly field?: string,
    /** For `rate_limited` and `unavailable`: seconds until trying again makes sense. */
    readonly retryAfterSeconds?: number,
    /** For `plan_limit`: the cheapest plan that allows what was refused. */
    readonly requiredPlan?: PlanId,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalidInput = (message: string, field?: string) => new DomainError("invalid_input", message, field);
export const notSignedIn = (message = "Not signed in") => new DomainError("not_signed_in", message);
export const forbidden = (message = "You do not have access to this") => new DomainError("forbidden", message);
export const notFound = (message = "Not found") => new DomainError("not_found", message);
export const conflict = (message: string, field?: string) => new DomainError("conflict", message, field);
export const planLimitReached = (message: string, requiredPlan?: PlanId) =>
  new DomainError("plan_limit", message, undefined, undefined, requiredPlan);
/** The company must choose (pay for) a plan first: its free trial has ended. */
export const paymentRequired = (message: string) => new DomainError("payment_required", message);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError("rate_limited", message, undefined, retryAfterSeconds);
export const unavailable = (message: string, retryAfterSeconds?: number) =>
  new DomainError("unavailable", message, undefined, retryAfterSeconds);
