import type { EmitAssistantEvent } from "./assistant-run.ts";
import {
  claimRequest,
  findOwnConversation,
  inTenant,
  performRun,
  type AssistantDeps,
  type AssistantUser,
  type ChatSendInput,
  type RunLog,
  type TurnOutcome,
} from "./assistant-turn-context.ts";
import { emitPlan, planOffline } from "./answer-offline.ts";
import { answerWithModel } from "./answer-with-model.ts";

const TITLE_LENGTH = 80;

/**
 * One message to the assistant: stores it (in a new conversation when none is named), answers it through `emit` as
 * AG-UI events (the model when one is configured, else the offline planner), and stores the answer with its events.
 * A request id the user sent before runs nothing.
 */
export async function runAssistantTurn(
  deps: AssistantDeps,
  user: AssistantUser,
  input: ChatSendInput,
  emit: EmitAssistantEvent,
  log?: RunLog,
): Promise<TurnOutcome> {
  const now = deps.now?.() ?? new Date();
  const { model } = deps;
  // One transaction up to the plan: the first UI action is sent as soon as it commits.
  const prepared = await inTenant(deps, user.companyId, async (tx) => {
    if (!(await claimRequest(tx, user, input.requestId))) return null;
    const conversation = input.conversationId
      ? await findOwnConversation(tx, user, input.conversationId)
      : await tx.assistantConversation.create({
          data: { companyId: user.companyId, userId: user.id, title: input.text.trim().replace(/\s+/g, " ").slice(0, TITLE_LENGTH) },
        });
    await tx.assistantMessage.create({ data: { companyId: user.companyId, conversationId: conversation.id, role: "user", text: input.text } });
    const planned = model ? null : await planOffline(tx, { user, conversationId: conversation.id, message: input.text, context: input.context, now });
    return { conversationId: conversation.id, planned };
  });
  if (prepared === null) return { status: "duplicate" };

  const { conversationId, planned } = prepared;
  return performRun(deps, user, conversationId, emit, async (run) => {
    if (model) return answerWithModel(run, { deps: { ...deps, model }, user, conversationId, context: input.context, now });
    await emitPlan(run, planned!);
  }, log);
}
