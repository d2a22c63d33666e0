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

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = "Not signed in") => new HttpError(401, message);
export const forbidden = (message = "You do not have access to this") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** The answers (503) to a request that needs PostgreSQL or Redis while it is down. */
export const DATABASE_UNAVAILABLE = "The database is unavailable. Try again in a moment.";
export const REDIS_UNAVAILABLE = "The queue and cache server (Redis) is unavailable. Try again in a moment.";
