import { useQuery } from "@tanstack/react-query";
import { assistantEndpoints, type ConversationResponse } from "@fieldops/shared/chat";
import { moduleEndpoints, type ExecuteModuleRequest, type ModuleRun } from "@fieldops/shared/modules";
import type { ModuleExecutionResult } from "@fieldops/shared/ui-actions";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";

export const ASSISTANT_QUERY_KEYS = {
  latestConversation: [...endpointKey(assistantEndpoints.conversations), "latest"],
  suggestions: endpointKey(assistantEndpoints.suggestions),
} as const;

/** The user's most recent conversation with its messages, or null when they have none yet. */
async function fetchLatestConversation(): Promise<ConversationResponse | null> {
  const list = await callEndpoint(assistantEndpoints.conversations);
  const latest = list.items[0];
  if (latest === undefined) return null;
  return callEndpoint(assistantEndpoints.conversation, { params: { id: latest.id } });
}

export function useLatestConversation(enabled: boolean) {
  return useQuery({ queryKey: ASSISTANT_QUERY_KEYS.latestConversation, queryFn: fetchLatestConversation, enabled });
}

export function useSuggestions(enabled: boolean) {
  return useEndpointQuery(assistantEndpoints.suggestions, {}, { enabled });
}

/** POST /api/modules/execute's answer; a queued run also says its id, to follow it by event and undo it. */
export type ExecuteAnswer = ModuleExecutionResult & { runId?: string | null; status?: string | null };

/** Runs a module; the UI action's id is the idempotency key, so the same action never runs twice. */
export function executeModule(
  moduleId: string,
  params: Record<string, unknown>,
  actionId: string,
): Promise<ExecuteAnswer> {
  return callEndpoint(moduleEndpoints.execute, {
    headers: { "idempotency-key": actionId },
    // The assistant's action names the module; the server refuses one it does not know.
    body: { moduleId, params } as ExecuteModuleRequest,
  });
}

/** Undoes a run; the answer is the run as it stands, undone. */
export function undoModuleRun(runId: string): Promise<ModuleRun> {
  return callEndpoint(moduleEndpoints.undoRun, { params: { id: runId } });
}
