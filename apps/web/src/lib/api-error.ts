import { ApiError } from "./api";

export const REQUEST_FAILED = "Something went wrong. Try again.";

/**
 * What to tell the user about a failed request: the server's message when it sent one, else the error's own
 * `STATUS: body` message (the spec's form for any non-OK answer), else `fallback` (no answer: offline, or a bug).
 */
export function apiErrorMessage(error: unknown, fallback = REQUEST_FAILED): string {
  if (error instanceof ApiError) return error.body?.message ?? error.message;
  return fallback;
}

/** The server's message when it refused `field` (the `field` of its error body), else null. */
export function apiFieldError(error: unknown, field: string): string | null {
  return error instanceof ApiError && error.body?.field === field ? error.body.message : null;
}

/** A refusal because the record changed since it was read (409 naming its `version`). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.body?.field === "version";
}
