import { randomUUID } from "node:crypto";
import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { ModuleProposal } from "@fieldops/shared/assistant";
import { notFound } from "../errors.ts";
import type { AssistantRun } from "./assistant-run.ts";
import { inTenant, UUID, type AssistantDeps, type AssistantUser } from "./assistant-turn-context.ts";

/** How long a proposal waits for its user's decision. */
export const PROPOSAL_TTL_MS = 15 * 60_000;

/**
 * Conversations whose owner this process has seen (a conversation never changes hands), so that a message in one
 * need not wait for the database to learn it is the sender's. The oldest are forgotten past the limit.
 */
const KNOWN_OWNERS_LIMIT = 10_000;
const knownOwners = new Map<string, string>();

export function rememberConversationOwner(conversationId: string, userId: string): void {
  knownOwners.delete(conversationId);
  knownOwners.set(conversationId, userId);
  if (knownOwners.size > KNOWN_OWNERS_LIMIT) knownOwners.delete(knownOwners.keys().next().value!);
}

/** The user's own conversation; another user's does not exist for them. */
export async function findOwnConversation(
  tx: TenantTransaction,
  user: Pick<AssistantUser, "id">,
  conversationId: string,
) {
  const conversation = UUID.test(conversationId)
    ? await tx.assistantConversation.findFirst({ where: { id: conversationId, userId: user.id } })
    : null;
  if (!conversation) throw notFound("Conversation not found");
  rememberConversationOwner(conversation.id, user.id);
  return conversation;
}

/** Refuses a conversation that is not the user's, asking the database only when this process has not seen it. */
export async function checkOwnConversation(
  deps: Pick<AssistantDeps, "db">,
  user: AssistantUser,
  conversationId: string,
): Promise<void> {
  if (knownOwners.get(conversationId) === user.id) return;
  await inTenant(deps, user.companyId, (tx) => findOwnConversation(tx, user, conversationId));
}

/** Stores the assistant's side of a run, its AG-UI events included, so that a reloaded chat shows the same run. */
export async function storeAnswer(tx: TenantTransaction, user: AssistantUser, run: AssistantRun): Promise<void> {
  await tx.assistantMessage.create({
    data: {
      companyId: user.companyId,
      conversationId: run.conversationId,
      role: "assistant",
      text: run.storedText(),
      runId: run.runId,
      events: run.events as unknown as Prisma.InputJsonValue,
    },
  });
  await tx.assistantConversation.update({ where: { id: run.conversationId }, data: { updatedAt: new Date() } });
}

/** Stores a proposal bound to its user, conversation, module and parameters, with an expiry; its id. */
export async function storeProposal(
  tx: TenantTransaction,
  input: { user: AssistantUser; conversationId: string; proposal: ModuleProposal; now: Date },
): Promise<string> {
  const id = randomUUID();
  const { proposal } = input;
  await tx.assistantProposal.create({
    data: {
      id,
      companyId: input.user.companyId,
      userId: input.user.id,
      conversationId: input.conversationId,
      moduleId: proposal.moduleId,
      params: proposal.params as Prisma.InputJsonValue,
      summary: proposal.summary,
      action: proposal.action as Prisma.InputJsonValue,
      expiresAt: new Date(input.now.getTime() + PROPOSAL_TTL_MS),
    },
  });
  return id;
}
