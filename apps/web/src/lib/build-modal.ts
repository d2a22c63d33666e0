import { useSyncExternalStore } from "react";
import type { BuildQuote, FeatureSpec } from "@fieldops/shared/feature-spec";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { quoteResponseSchema, type QuoteResponse } from "@fieldops/shared/builds";
import { apiRequest } from "./api";
import { openAppModal } from "./app-modals";

/** The build quote the dialogs show: the proposal, its quote and spec, its consent token and build session. */
export interface BuildModalState {
  proposalId?: string;
  quote?: BuildQuote;
  spec?: FeatureSpec;
  consentToken?: string;
  sessionId?: string;
}

let state: BuildModalState = {};
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setBuildModalState(next: BuildModalState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Shows a quote in the `Feature Build Quote` dialog (the assistant's openBuildModal, or a new quote after refining). */
export function showBuildQuote(next: BuildModalState): void {
  setBuildModalState(next);
  openAppModal("builder.confirm");
}

export function useBuildModalState(): BuildModalState {
  return useSyncExternalStore(subscribe, () => state);
}

/** Asks for a quote in a build session: a request in words, or a refined spec. */
export async function requestBuildQuote(sessionId: string, spec: unknown): Promise<QuoteResponse> {
  const response = await apiRequest("POST", apiPath(API_PATHS.buildSessionQuote, { sessionId }), { spec });
  return quoteResponseSchema.parse(await response.json());
}
