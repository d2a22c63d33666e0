import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getConversation } from "@fieldops/domain/assistant/get-conversation";
import { listConversations } from "@fieldops/domain/assistant/list-conversations";
import { suggestPrompts } from "@fieldops/domain/assistant/suggest-prompts";
import { answererOf } from "@fieldops/domain/assistant/assistant-turn-context";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  chatSuggestionsResponseSchema,
  conversationListResponseSchema,
  conversationParamsSchema,
  conversationResponseSchema,
} from "@fieldops/shared/chat";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";
import { assistantDeps } from "../realtime/assistant-chat.ts";
import { oauthAuthorizationOrigins } from "@fieldops/domain/integrations/provider-settings";
import { appOrigin } from "../http/app-origin.ts";

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The assistant's history and suggestions; its conversation itself runs on /api/ws (chat.send, chat.decide). */
export const assistantRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const answerer = answererOf(assistantDeps(context));

  app.get(
    API_PATHS.assistantConversations,
    {
      schema: {
        tags: ["assistant"],
        summary: "The user's own conversations with the assistant, newest first",
        response: { 200: conversationListResponseSchema, ...errors },
      },
    },
    async (request) => withCompanyUser(context, request, ({ tx, user }) => listConversations(tx, { userId: user.id })),
  );

  app.get(
    API_PATHS.assistantConversation,
    {
      schema: {
        tags: ["assistant"],
        summary: "One of the user's conversations with its messages and their runs' AG-UI events (another user's: 404)",
        params: conversationParamsSchema,
        response: { 200: conversationResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx, user }) =>
        getConversation(tx, { userId: user.id, conversationId: request.params.id }),
      ),
  );

  app.get(
    API_PATHS.assistantSuggestions,
    {
      schema: {
        tags: ["assistant"],
        summary: "Prompts that fit the company's state now, who answers, and the origins a startOAuth action may go to",
        response: { 200: chatSuggestionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const suggestions = await withCompanyUser(context, request, ({ tx, user }) =>
        suggestPrompts(tx, { actor: { userId: user.id, role: user.role }, now: new Date() }),
      );
      return {
        answerer,
        suggestions,
        allowedOAuthOrigins: oauthAuthorizationOrigins(context.env, appOrigin(context, request)),
      };
    },
  );
};
