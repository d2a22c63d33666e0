import { useSyncExternalStore } from "react";
import type { BuildQuote, FeatureSpec } from "@fieldops/shared/feature-spec";
import { buildEndpoints, type QuoteRequest, type QuoteResponse } from "@fieldops/shared/builds";
import { openAppModal } from "./app-modals";
import { callEndpoint } from "./endpoints";

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

/** Asks for a quote in a build session: a request in words, or a refined spec (the server checks which it is). */
export function requestBuildQuote(sessionId: string, spec: unknown): Promise<QuoteResponse> {
  return callEndpoint(buildEndpoints.quote, { params: { sessionId }, body: { spec } as QuoteRequest });
}
