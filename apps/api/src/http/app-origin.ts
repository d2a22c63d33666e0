import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";

/** The origin the browser used (or PUBLIC_APP_URL): where redirect URIs and the simulated consent page live. */
export function appOrigin(context: AppContext, request: FastifyRequest): string {
  return context.env.PUBLIC_APP_URL ? new URL(context.env.PUBLIC_APP_URL).origin : `${request.protocol}://${request.host}`;
}
