import type { FastifyRequest } from "fastify";
import { publishEvents } from "@fieldops/events/company-stream";
import type { AppEvent } from "@fieldops/shared/events";
import type { AppContext } from "../context.ts";

/**
 * For the few writes made in the system context (accepting an invitation, a support agent's answer), which have no
 * company scope to write an outbox in: publishes after the commit, at most once. A Redis that fails now costs the
 * other screens their live update (they catch up on their next fetch), not the caller their answer. Every write in a
 * company's scope announces itself through the outbox instead (`scope.emit`).
 */
export async function publishCommitted(
  context: AppContext,
  request: FastifyRequest,
  companyId: string,
  events: readonly AppEvent[],
): Promise<void> {
  try {
    await publishEvents(context.redis, events, { companyId, requestId: request.id });
  } catch (error) {
    request.log.error({ err: error, events: events.map((event) => event.name) }, "live event not published");
  }
}
