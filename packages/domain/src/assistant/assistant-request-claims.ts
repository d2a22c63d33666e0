import type { Redis } from "ioredis";
import type { TenantTransaction } from "@fieldops/db";
import type { AssistantUser } from "./assistant-turn-context.ts";

/**
 * Claims the request id for the user: false when it was claimed before, so a message sent again (after a reconnect)
 * never runs the assistant twice. In the caller's transaction, so a refused request does not hold its id.
 */
export async function claimRequest(tx: TenantTransaction, user: AssistantUser, requestId: string): Promise<boolean> {
  const claimed = await tx.assistantRequest.createMany({
    data: [{ companyId: user.companyId, userId: user.id, requestId }],
    skipDuplicates: true,
  });
  return claimed.count === 1;
}

/** How long a claimed request id is remembered in Redis: far longer than any reconnect resends a message. */
const REQUEST_CLAIM_SECONDS = 24 * 60 * 60;
const requestClaimKey = (userId: string, requestId: string) => `assistant-request:${userId}:${requestId}`;

/**
 * Claims the request id for the user in Redis before anything is answered: false when it was claimed before. The
 * turn's transaction claims it again in PostgreSQL (`claimRequest`), the lasting record.
 */
export async function claimRequestFast(
  redis: Redis,
  user: Pick<AssistantUser, "id">,
  requestId: string,
): Promise<boolean> {
  return (await redis.set(requestClaimKey(user.id, requestId), "1", "EX", REQUEST_CLAIM_SECONDS, "NX")) === "OK";
}

/** Gives a claimed request id back, when the turn was refused before it answered anything. */
export async function releaseRequestClaim(
  redis: Redis,
  user: Pick<AssistantUser, "id">,
  requestId: string,
): Promise<void> {
  await redis.del(requestClaimKey(user.id, requestId));
}
