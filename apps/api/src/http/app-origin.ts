import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { badRequest } from "./http-error.ts";

/**
 * The origin the browser used (or PUBLIC_APP_URL): where redirect URIs and the simulated consent page live. A Host
 * header that makes no origin (a port out of range, stray characters) is the client's error.
 */
export function appOrigin(context: AppContext, request: FastifyRequest): string {
  if (context.env.PUBLIC_APP_URL) return new URL(context.env.PUBLIC_APP_URL).origin;
  const origin = URL.parse(`${request.protocol}://${request.host}`)?.origin;
  if (!origin || origin === "null") throw badRequest("The Host header is not a valid host");
  return origin;
}
