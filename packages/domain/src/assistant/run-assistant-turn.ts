import { randomUUID } from "node:crypto";
import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { EmitAssistantEvents } from "./assistant-run.ts";
import { admitQuestionTurn, inTenant, type AssistantDeps, type AssistantUser } from "./assistant-turn-context.ts";
import {
  checkOwnConversation,
  findOwnConversation,
  rememberConversationOwner,
  storeAnswer,
} from "./conversation-store.ts";
import { claimRequest, claimRequestFast, releaseRequestClaim } from "./assistant-request-claims.ts";
import { performRun, type ChatSendInput, type RunLog, type TurnOutcome } from "./perform-run.ts";
import { recentCompanyFacts, type CompanyFacts } from "./company-facts.ts";
import { emitPlan, planOffline, planRequestedRead, planWithoutData } from "./answer-offline.ts";
import { answerWithModel, SYSTEM_PROMPT_FILE } from "./answer-with-model.ts";

const TITLE_LENGTH = 80;

/**
 * One message to the assistant: answers it through `emit` as AG-UI events (the model when one is configured, else the
 * offline planner) and stores the message and the answer with its events. A request id the user sent before runs
 * nothing; a company without the assistant's plan feature is refused before anything is stored. A company whose
 * trial has lapsed is answered: its questions as usual, whatever would change data with the trial message.
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
  // The plan's admission (a transaction) and the request id's claim (Redis) are asked at once: a message's first UI
  // action waits for the slower of the two, not for both in turn.
  const [admission, claim] = await Promise.allSettled([
    admitQuestionTurn(deps, user),
    claimRequestFast(deps.redis, user, input.requestId),
  ]);
  if (admission.status === "rejected") {
    if (claim.status === "fulfilled" && claim.value)
      await releaseRequestClaim(deps.redis, user, input.requestId).catch(() => undefined);
    throw admission.reason;
  }
  if (claim.status === "rejected") throw claim.reason;
  if (!claim.value) return { status: "duplicate" };
  const admitted = admission.value;
  try {
    return await answerTurn(admitted, user, input, emit, log);
  } catch (error) {
    await releaseRequestClaim(deps.redis, user, input.requestId).catch(() => undefined);
    throw error;
  }
}

async function answerTurn(
  deps: AssistantDeps,
  user: AssistantUser,
  input: ChatSendInput,
  emit: EmitAssistantEvents,
  log?: RunLog,
): Promise<TurnOutcome> {
  const now = deps.now?.() ?? new Date();
  const receivedAt = new Date();
  // A card's button is answered by the read it asks for: neither the planner nor a model reads its label.
  const turnDeps: AssistantDeps = input.read ? { ...deps, model: null } : deps;
  const { model } = turnDeps;
  const facts = await recentCompanyFacts(turnDeps, user.companyId);
  const packet = givenPacket(turnDeps, user, input, facts);
  if (!model && !input.read) {
    const plan = await planWithoutData({ user, message: input.text, context: input.context, now, facts });
    if (plan) {
      if (input.conversationId) await checkOwnConversation(turnDeps, user, input.conversationId);
      const conversationId = input.conversationId ?? randomUUID();
      return performRun(
        turnDeps,
        user,
        conversationId,
        emit,
        (run) => emitPlan(run, { plan, cards: [], proposalId: null }),
        log,
        async (tx, run) => {
          if (!(await claimRequest(tx, user, input.requestId))) return;
          await storeQuestion(tx, user, input, conversationId, receivedAt, packet);
          await storeAnswer(tx, user, run);
        },
      );
    }
  }

  // The answer needs the company's data (or a model): the question is stored first, in the transaction that reads.
  const prepared = await inTenant(turnDeps, user.companyId, async (tx) => {
    if (!(await claimRequest(tx, user, input.requestId))) return null;
    const conversationId = await storeQuestion(
      tx,
      user,
      input,
      input.conversationId ?? randomUUID(),
      receivedAt,
      packet,
    );
    const planned = input.read
      ? await planRequestedRead(tx, { user, read: input.read, now })
      : model
        ? null
        : await planOffline(tx, { user, conversationId, message: input.text, context: input.context, now });
    return { conversationId, planned };
  });
  if (prepared === null) return { status: "duplicate" };

  const { conversationId, planned } = prepared;
  return performRun(
    turnDeps,
    user,
    conversationId,
    emit,
    async (run) => {
      if (model)
        return answerWithModel(run, {
          deps: { ...turnDeps, model },
          user,
          conversationId,
          context: input.context,
          now,
        });
      await emitPlan(run, planned!);
    },
    log,
  );
}

/**
 * What the assistant is given to answer a message, kept with it for auditing: who asks from which screen, the
 * company's plan features and time zone, and what answers (the offline planner, or a model with the system prompt).
 */
function givenPacket(
  deps: AssistantDeps,
  user: AssistantUser,
  input: ChatSendInput,
  facts: CompanyFacts,
): Prisma.InputJsonObject {
  return {
    role: user.role,
    context: input.context,
    features: [...facts.features],
    timeZone: facts.timeZone,
    answerer: input.read ? "card" : deps.model ? "model" : "offline",
    ...(input.read ? { read: input.read } : {}),
    ...(deps.model ? { model: deps.model.model, prompt: SYSTEM_PROMPT_FILE } : {}),
  };
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
  packet: Prisma.InputJsonObject,
): Promise<string> {
  if (input.conversationId) await findOwnConversation(tx, user, input.conversationId);
  else {
    const title = input.text.trim().replace(/\s+/g, " ").slice(0, TITLE_LENGTH);
    await tx.assistantConversation.create({
      data: { id: conversationId, companyId: user.companyId, userId: user.id, title },
    });
    rememberConversationOwner(conversationId, user.id);
  }
  await tx.assistantMessage.create({
    data: { companyId: user.companyId, conversationId, role: "user", text: input.text, packet, createdAt: receivedAt },
  });
  return conversationId;
}
