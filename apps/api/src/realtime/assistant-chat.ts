import type { FastifyBaseLogger } from "fastify";
import { checkChatRateLimit } from "@fieldops/domain/assistant/chat-rate-limit";
import { decideProposal } from "@fieldops/domain/assistant/decide-proposal";
import { modelConfigFromEnv } from "@fieldops/domain/assistant/model-config";
import { runAssistantTurn } from "@fieldops/domain/assistant/run-assistant-turn";
import type { AssistantDeps, AssistantUser } from "@fieldops/domain/assistant/assistant-turn-context";
import type { EmitAssistantEvents } from "@fieldops/domain/assistant/assistant-run";
import { publishEvents } from "@fieldops/events/company-stream";
import type { ClientMessage, ServerMessage } from "@fieldops/shared/events";
import { PLAN_UPGRADE_DESCRIPTION } from "@fieldops/shared/plans";
import type { AppContext } from "../context.ts";
import { knownError } from "../http/http-error.ts";

type ChatMessage = Extract<ClientMessage, { type: "chat.send" | "chat.decide" }>;

/** What the assistant needs from the process: the database, and the model when one is configured. */
export function assistantDeps(context: AppContext): AssistantDeps {
  return { db: context.db, redis: context.redis, model: modelConfigFromEnv(context.env) };
}

/**
 * Runs a socket's chat messages for its user: each message is rate-limited, then answered as AG-UI events published
 * as `assistant.event` to that user only (on the company's stream, so a socket that reconnects resumes the run without
 * losing or repeating anything). A refusal comes back on this socket as an error naming the request; a plan's is
 * worded as the module runner's ("This feature requires a plan upgrade. AI chat requires the Pro plan or higher.").
 */
export function createChatHandler(
  context: AppContext,
  deps: AssistantDeps,
  user: AssistantUser,
  send: (message: ServerMessage) => void,
  log: FastifyBaseLogger,
) {
  return async (message: ChatMessage): Promise<void> => {
    const emit: EmitAssistantEvents = async (events, run) => {
      await publishEvents(
        context.redis,
        events.map(
          (event) =>
            ({
              name: "assistant.event",
              payload: { conversationId: run.conversationId, runId: run.runId, event },
            }) as const,
        ),
        { companyId: user.companyId, userId: user.id, requestId: message.requestId },
      );
    };
    try {
      await checkChatRateLimit(context.redis, user.id);
      if (message.type === "chat.send") await runAssistantTurn(deps, user, message, emit, log);
      else await decideProposal(deps, user, message, emit, log);
    } catch (error) {
      const known = knownError(error);
      if (!known) log.error({ err: error }, "chat message failed");
      const refusal = known?.requiredPlan ? `${PLAN_UPGRADE_DESCRIPTION}. ${known.message}` : known?.message;
      send({
        type: "error",
        message: refusal ?? "The assistant could not answer. Try again in a moment.",
        requestId: message.requestId,
      });
    }
  };
}
