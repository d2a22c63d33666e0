import type { AssistantContext, ReadToolCall } from "@fieldops/shared/assistant";
import type { TenantTransaction } from "@fieldops/db";
import { AssistantRun, type EmitAssistantEvents } from "./assistant-run.ts";
import { answererOf, inTenant, type AssistantDeps, type AssistantUser } from "./assistant-turn-context.ts";
import { storeAnswer } from "./conversation-store.ts";

export type ChatSendInput = {
  requestId: string;
  conversationId: string | null;
  text: string;
  context: AssistantContext;
  /** A card's button asks for this read by ids; then the text is only its label (see `chat.send`). */
  read?: ReadToolCall | undefined;
};

/** Where a failed run is reported (the API passes its logger). */
export type RunLog = { error(details: object, message: string): void };

export type TurnOutcome = { status: "ran"; conversationId: string; runId: string } | { status: "duplicate" };

export const RUN_FAILED_MESSAGE = "The assistant could not answer. Try again in a moment.";

/** What a run stores once it has answered: by default its answer; a turn that stored nothing yet stores its question too. */
export type StoreRun = (tx: TenantTransaction, run: AssistantRun) => Promise<void>;

/**
 * Runs `answer` as one AG-UI run of the conversation: started (with who answers), then the answer, stored with its
 * events, then finished; a failure ends the run with RUN_ERROR and a message that tells nothing of its cause.
 */
export async function performRun(
  deps: AssistantDeps,
  user: AssistantUser,
  conversationId: string,
  emit: EmitAssistantEvents,
  answer: (run: AssistantRun) => Promise<void>,
  log?: RunLog,
  store: StoreRun = (tx, run) => storeAnswer(tx, user, run),
): Promise<TurnOutcome> {
  const run = new AssistantRun(conversationId, emit);
  try {
    await run.start(answererOf(deps));
    await answer(run);
    await run.endText();
    await inTenant(deps, user.companyId, (tx) => store(tx, run));
    await run.finish();
  } catch (error) {
    log?.error({ err: error, runId: run.runId }, "assistant run failed");
    await run.fail(RUN_FAILED_MESSAGE).catch(() => undefined);
  }
  return { status: "ran", conversationId, runId: run.runId };
}
