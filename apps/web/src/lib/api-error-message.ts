import { ApiError } from "./api";

/** What to tell the user about a failed request: the server's message when it sent one, else `fallback`. */
export function apiErrorMessage(error: unknown, fallback = "Something went wrong. Try again."): string {
  if (error instanceof ApiError && error.body) return error.body.message;
  return fallback;
}
