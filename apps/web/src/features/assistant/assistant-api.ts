import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  chatSuggestionsResponseSchema,
  conversationListResponseSchema,
  conversationResponseSchema,
  type ChatSuggestionsResponse,
  type ConversationResponse,
} from "@fieldops/shared/chat";
import { executeModuleResponseSchema, moduleRunSchema } from "@fieldops/shared/modules";
import type { ModuleExecutionResult } from "@fieldops/shared/ui-actions";
import { apiRequest } from "../../lib/api";

export const ASSISTANT_QUERY_KEYS = {
  latestConversation: [API_PATHS.assistantConversations, "latest"],
  suggestions: [API_PATHS.assistantSuggestions],
} as const;

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const response = await apiRequest("GET", url);
  return schema.parse(await response.json());
}

/** The user's most recent conversation with its messages, or null when they have none yet. */
async function fetchLatestConversation(): Promise<ConversationResponse | null> {
  const list = await getJson(API_PATHS.assistantConversations, conversationListResponseSchema);
  const latest = list.items[0];
  if (latest === undefined) return null;
  return getJson(apiPath(API_PATHS.assistantConversation, { id: latest.id }), conversationResponseSchema);
}

export function useLatestConversation(enabled: boolean) {
  return useQuery({ queryKey: ASSISTANT_QUERY_KEYS.latestConversation, queryFn: fetchLatestConversation, enabled });
}

export function useSuggestions(enabled: boolean) {
  return useQuery({
    queryKey: ASSISTANT_QUERY_KEYS.suggestions,
    queryFn: (): Promise<ChatSuggestionsResponse> =>
      getJson(API_PATHS.assistantSuggestions, chatSuggestionsResponseSchema),
    enabled,
  });
}

/** POST /api/modules/execute's answer; a queued run also says its id, to follow it by event and undo it. */
export type ExecuteAnswer = ModuleExecutionResult & { runId?: string | null; status?: string | null };

/** Runs a module; the UI action's id is the idempotency key, so the same action never runs twice. */
export async function executeModule(
  moduleId: string,
  params: Record<string, unknown>,
  actionId: string,
): Promise<ExecuteAnswer> {
  const response = await apiRequest(
    "POST",
    API_PATHS.modulesExecute,
    { moduleId, params },
    { "Idempotency-Key": actionId },
  );
  return executeModuleResponseSchema.parse(await response.json());
}

/** Until when the requester may undo a finished run (null when it cannot be undone), whether it was, and its file. */
const runOutcomeSchema = moduleRunSchema.pick({ undoUntil: true, undone: true, download: true });

export async function fetchRunOutcome(runId: string): Promise<z.infer<typeof runOutcomeSchema>> {
  return getJson(apiPath(API_PATHS.moduleRun, { id: runId }), runOutcomeSchema);
}

export async function undoModuleRun(runId: string): Promise<void> {
  await apiRequest("POST", apiPath(API_PATHS.moduleRunUndo, { id: runId }));
}
