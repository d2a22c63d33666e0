import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { answererOf } from "@fieldops/domain/assistant/assistant-turn-context";
import { getConversation } from "@fieldops/domain/assistant/get-conversation";
import { listConversations } from "@fieldops/domain/assistant/list-conversations";
import { suggestPrompts } from "@fieldops/domain/assistant/suggest-prompts";
import { oauthAuthorizationOrigins } from "@fieldops/domain/integrations/provider-settings";
import { assistantEndpoints } from "@fieldops/shared/chat";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { tenantEndpoint } from "../http/endpoint-route.ts";
import { assistantDeps } from "../realtime/assistant-chat.ts";

/** The assistant's history and suggestions; its conversation itself runs on /api/ws (chat.send, chat.decide). */
export const assistantRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const answerer = answererOf(assistantDeps(context));

  tenantEndpoint(app, context, assistantEndpoints.conversations, (scope) => listConversations(scope));
  tenantEndpoint(app, context, assistantEndpoints.conversation, (scope, { params }) =>
    getConversation(scope, { conversationId: params.id }),
  );
  tenantEndpoint(app, context, assistantEndpoints.suggestions, async (scope, _input, request) => ({
    answerer,
    suggestions: await suggestPrompts(scope, { now: new Date() }),
    allowedOAuthOrigins: oauthAuthorizationOrigins(context.env, appOrigin(context, request)),
  }));
};
