import { DomainError, type DomainErrorKind } from "@fieldops/domain/errors";
import type { PlanId } from "@fieldops/shared/plans";

/** The status each refusal of a use case is answered with. */
export const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid_input: 400,
  not_signed_in: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  plan_limit: 403,
  declined: 402,
  payment_required: 402,
  rate_limited: 429,
  unavailable: 503,
};

/** An error the API answers with its own status and message (body `{ message, field? }`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The status, message and field of an error the API answers as itself, or null for anything unexpected. */
export function knownError(
  error: unknown,
): { statusCode: number; message: string; field?: string; retryAfterSeconds?: number; requiredPlan?: PlanId } | null {
  if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message, field: error.field };
  if (error instanceof DomainError) {
    return {
      statusCode: STATUS_BY_KIND[error.kind],
      message: error.message,
      field: error.field,
      retryAfterSeconds: error.retryAfterSeconds,
      requiredPlan: error.requiredPlan,
    };
  }
  return null;
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = "Not signed in") => new HttpError(401, message);
export const forbidden = (message = "You do not have access to this") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);

/** The answers (503) to a request that needs PostgreSQL or Redis while it is down. */
export const DATABASE_UNAVAILABLE = "The database is unavailable. Try again in a moment.";
export const REDIS_UNAVAILABLE = "The queue and cache server (Redis) is unavailable. Try again in a moment.";
