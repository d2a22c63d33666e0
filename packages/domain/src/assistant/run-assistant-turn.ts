import { randomUUID } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import type { EmitAssistantEvents } from "./assistant-run.ts";
import {
  checkOwnConversation,
  claimRequest,
  claimRequestFast,
  findOwnConversation,
  inTenant,
  performRun,
  recentCompanyFacts,
  releaseRequestClaim,
  rememberConversationOwner,
  storeAnswer,
  type AssistantDeps,
  type AssistantUser,
  type ChatSendInput,
  type RunLog,
  type TurnOutcome,
} from "./assistant-turn-context.ts";
import { emitPlan, planOffline, planWithoutData } from "./answer-offline.ts";
import { answerWithModel } from "./answer-with-model.ts";

const TITLE_LENGTH = 80;

/**
 * One message to the assistant: answers it through `emit` as AG-UI events (the model when one is configured, else the
 * offline planner) and stores the message and the answer with its events. A request id the user sent before runs
 * nothing.
 *
 * An answer the offline planner makes without the company's data (going somewhere, opening something, a question
 * back) is sent before anything is stored: the question, the answer and the claim of the request id are stored
 * together after it, so the user sees the UI act at once.
 */
export async function runAssistantTurn(
  deps: AssistantDeps,
  user: AssistantUser,
  input: ChatSendInput,
  emit: EmitAssistantEvents,
  log?: RunLog,
): Promise<TurnOutcome> {
  if (!(await claimRequestFast(deps.redis, user, input.requestId))) return { status: "duplicate" };
  try {
    return await answerTurn(deps, user, input, emit, log);
  } catch (error) {
    await releaseRequestClaim(deps.redis, user, input.requestId).catch(() => undefined);
    throw error;
  }
}

async function answerTurn(deps: AssistantDeps, user: AssistantUser, input: ChatSendInput, emit: EmitAssistantEvents, log?: RunLog): Promise<TurnOutcome> {
  const now = deps.now?.() ?? new Date();
  const receivedAt = new Date();
  const { model } = deps;
  if (!model) {
    const facts = await recentCompanyFacts(deps, user.companyId);
    const plan = await planWithoutData({ user, message: input.text, context: input.context, now, facts });
    if (plan) {
      if (input.conversationId) await checkOwnConversation(deps, user, input.conversationId);
      const conversationId = input.conversationId ?? randomUUID();
      return performRun(deps, user, conversationId, emit, (run) => emitPlan(run, { plan, cards: [], proposalId: null }), log, async (tx, run) => {
        if (!(await claimRequest(tx, user, input.requestId))) return;
        await storeQuestion(tx, user, input, conversationId, receivedAt);
        await storeAnswer(tx, user, run);
      });
    }
  }

  // The answer needs the company's data (or a model): the question is stored first, in the transaction that reads.
  const prepared = await inTenant(deps, user.companyId, async (tx) => {
    if (!(await claimRequest(tx, user, input.requestId))) return null;
    const conversationId = await storeQuestion(tx, user, input, input.conversationId ?? randomUUID(), receivedAt);
    const planned = model ? null : await planOffline(tx, { user, conversationId, message: input.text, context: input.context, now });
    return { conversationId, planned };
  });
  if (prepared === null) return { status: "duplicate" };

  const { conversationId, planned } = prepared;
  return performRun(deps, user, conversationId, emit, async (run) => {
    if (model) return answerWithModel(run, { deps: { ...deps, model }, user, conversationId, context: input.context, now });
    await emitPlan(run, planned!);
  }, log);
}

/**
 * Stores the user's message in their conversation (`input.conversationId`, which must be theirs), or in a new one
 * with the id given, titled by the message. Its time is when it arrived, so it sorts before the answer stored with it.
 */
async function storeQuestion(
  tx: TenantTransaction,
  user: AssistantUser,
  input: Pick<ChatSendInput, "conversationId" | "text">,
  conversationId: string,
  receivedAt: Date,
): Promise<string> {
  if (input.conversationId) await findOwnConversation(tx, user, input.conversationId);
  else {
    const title = input.text.trim().replace(/\s+/g, " ").slice(0, TITLE_LENGTH);
    await tx.assistantConversation.create({ data: { id: conversationId, companyId: user.companyId, userId: user.id, title } });
    rememberConversationOwner(conversationId, user.id);
  }
  await tx.assistantMessage.create({
    data: { companyId: user.companyId, conversationId, role: "user", text: input.text, createdAt: receivedAt },
  });
  return conversationId;
}
