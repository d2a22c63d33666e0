import type { ReadToolCall } from "@fieldops/shared/assistant";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { useLocation, useNavigate } from "react-router";
import type { User } from "@fieldops/shared/auth";
import { ASSISTANT_PLAN_FEATURE, type ChatSuggestionsResponse } from "@fieldops/shared/chat";
import { homePathForRole } from "@fieldops/shared/roles";
import type { NavigateTarget } from "@fieldops/shared/ui-actions";
import { moduleTitle, type ModuleRunUpdate } from "@fieldops/shared/modules";
import type { UiActionEffects } from "@fieldops/machines/ui-action-effects";
import { assertOrigins } from "@fieldops/machines/ui-action-rules";
import {
  createUiActionsActor,
  dismissToast,
  restoreModuleRuns,
  sendUiAction,
  updateModuleRun,
  selectActionRecord,
  selectActionRun,
  selectVisibleToast,
  type UiActionRecord,
  type UiActionsActor,
} from "@fieldops/machines/ui-actions.machine";
import { useSelector } from "@xstate/react";
import { toast as showAppToast } from "../../hooks/use-toast";
import { buildQuoteSchema, featureSpecSchema } from "@fieldops/shared/feature-spec";
import { showBuildQuote } from "../../lib/build-modal";
import { requestBuildQuote } from "../../lib/build-modal";
import { openAppModal } from "../../lib/app-modals";
import { useLiveConnection, useLiveEvents, type LiveStatus } from "../../lib/live-events";
import type { Company } from "@fieldops/shared/company";
import { COMPANY_QUERY_KEY, useCompany } from "../../lib/company";
import { planRefusalOf } from "../../components/plan-upgrade-required";
import { STANDARD_TERMS } from "../../lib/terms";
import { executeModule, undoModuleRun, useLatestConversation, useSuggestions } from "./assistant-api";
import { assistantContextFor } from "./assistant-context";
import {
  actionArguments,
  addUserTurn,
  applyAssistantEvent,
  chatFromHistory,
  completedAction,
  decideProposal,
  addAssistantNote,
  EMPTY_CHAT,
  settleUserTurn,
} from "./chat-state";
import { ApiError } from "../../lib/api";
import { ChatStore, type ChatStoreState } from "./chat-store";
import { useQueryClient, type UseQueryResult } from "@tanstack/react-query";

/**
 * Why the server refused to quote a request, in its words (a 4xx answer's message: words it cannot build, a session
 * quoted too often), or null when the call failed otherwise (the app's error toast says so).
 */
export function quoteRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  return error.body?.message ?? null;
}

/** An entry of the OAuth allow-list that is a bare origin; anything else is left out (the machine refuses it). */
function isOrigin(origin: string): boolean {
  try {
    assertOrigins([origin]);
    return true;
  } catch {
    console.warn(`assistant: ignoring an OAuth origin that is not an origin: ${origin}`);
    return false;
  }
}

let requestCounter = 0;
function newRequestId(): string {
  requestCounter += 1;
  return `${Date.now().toString(36)}-${requestCounter}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Whether the company has the assistant (its plan feature, AI chat): "upgrade" when its plan or the server says it
 * has not, "loading" until its company is known.
 */
export type AssistantAccess = "loading" | "available" | "upgrade";

export interface AssistantValue {
  access: AssistantAccess;
  store: ChatStore;
  /** The ui-actions machine, once the allow-lists it needs are known. */
  actor: UiActionsActor | null;
  liveStatus: LiveStatus;
  history: ReturnType<typeof useLatestConversation>;
  suggestions: UseQueryResult<ChatSuggestionsResponse>;
  /** Sends a message; a card's button also sends the read it asks for, and `text` is then only its label. */
  send(text: string, read?: ReadToolCall): void;
  decide(proposalId: string, decision: "confirm" | "cancel"): void;
  newConversation(): void;
  undo(actionId: string): Promise<void>;
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
  /** Opens the chat: focuses the one shown on the page when there is one, else opens the panel. */
  openChat(): void;
  /** A chat shown inside the page (the owner's dashboard) registers here, so the panel defers to it. */
  registerInlineChat(focus: () => void): () => void;
  hasInlineChat: boolean;
}

const AssistantContext = createContext<AssistantValue | null>(null);

export function useAssistant(): AssistantValue {
  const value = useContext(AssistantContext);
  if (!value) throw new Error("useAssistant must be used within an AssistantProvider.");
  return value;
}

/** The assistant's state, when the app has it (a user of a company). */
export function useOptionalAssistant(): AssistantValue | null {
  return useContext(AssistantContext);
}

export function useChatStore<T>(select: (state: ChatStoreState) => T): T {
  const { store } = useAssistant();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** The machine's record of one UI action (undefined until it has one); re-rendered when that record changes. */
export function useUiActionRecord(id: string | undefined): UiActionRecord | undefined {
  const { actor } = useAssistant();
  return useSelector(actor ?? undefined, (snapshot) =>
    snapshot && id !== undefined ? selectActionRecord(snapshot, id) : undefined,
  );
}

/** The module run an action started, as it stands (this tab's, or a reloaded conversation's). */
export function useActionRun(id: string | undefined): ModuleRunUpdate | undefined {
  const { actor } = useAssistant();
  return useSelector(actor ?? undefined, (snapshot) =>
    snapshot && id !== undefined ? selectActionRun(snapshot, id) : undefined,
  );
}

/** Shows the machine's one visible toast in the app's toaster, and tells the machine when the user closes it. */
function useMachineToast(actor: UiActionsActor | null): void {
  const visible = useSelector(
    actor ?? undefined,
    (snapshot) => (snapshot ? selectVisibleToast(snapshot) : null),
    (a, b) => a?.id === b?.id,
  );
  useEffect(() => {
    if (!actor || !visible) return;
    const handle = showAppToast({
      title: visible.title,
      description: visible.description,
      variant: visible.variant === "destructive" ? "destructive" : "default",
      onOpenChange: (open) => {
        if (!open) dismissToast(actor, visible.id);
      },
    });
    return () => handle.dismiss();
  }, [actor, visible]);
}

/**
 * The assistant of a signed-in user of a company: the conversation (history and live runs over the app's socket),
 * the one ui-actions machine that carries out the actions of this tab's requests, and the chat panel's state.
 */
export function AssistantProvider({ user, children }: { user: User; children: ReactNode }) {
  const live = useLiveConnection();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [store] = useState(() => new ChatStore());
  const company = useCompany(user.companyId);
  const included = company.data?.planFeatures.includes(ASSISTANT_PLAN_FEATURE);
  // Without the company (it failed to load), the server's answers tell.
  const asked = included === true || company.isError;
  const history = useLatestConversation(asked);
  const suggestions = useSuggestions(asked);
  const access: AssistantAccess =
    included === false || planRefusalOf(history.error) || planRefusalOf(suggestions.error)
      ? "upgrade"
      : asked
        ? "available"
        : "loading";
  const [actor, setActor] = useState<UiActionsActor | null>(null);
  useMachineToast(actor);
  const [panelOpen, setPanelOpen] = useState(false);
  // The inline chats shown (their focus), newest last: a ref, so that Ctrl+K and the UI actions' effects (made once)
  // read the ones shown now, also between a chat's removal and the next render; the count renders `hasInlineChat`.
  const inlineChats = useRef<(() => void)[]>([]);
  const [inlineChatCount, setInlineChatCount] = useState(0);

  const latest = useRef({ navigate, location, user });
  useEffect(() => {
    latest.current = { navigate, location, user };
  });
  /** Requests sent from this tab: only their actions run here (another tab's run acts in that tab). */
  const ownRequests = useRef(new Set<string>());
  /** What came for the machine before it was made: actions to run, and run events to follow. */
  const pendingForActor = useRef<((actor: UiActionsActor) => void)[]>([]);
  const actorRef = useRef<UiActionsActor | null>(null);
  const toActor = useCallback((deliver: (actor: UiActionsActor) => void) => {
    if (actorRef.current) deliver(actorRef.current);
    else pendingForActor.current.push(deliver);
  }, []);

  const suggestionsSettled = !suggestions.isPending;
  const allowedOrigins = suggestions.data?.allowedOAuthOrigins;
  useEffect(() => {
    if (!suggestionsSettled) return;
    const effects: UiActionEffects = {
      navigate: (path: NavigateTarget) => {
        const { navigate: go, user: current, location: here } = latest.current;
        const target = path === "/dashboard" ? homePathForRole(current.role) : path;
        // The conversation follows the user: asked from a page's own chat (the dashboard's), it goes on in the panel
        // beside the page it opened, so the user sees the result and carries on.
        if (inlineChats.current.length > 0 && target !== here.pathname) setPanelOpen(true);
        void go(target);
      },
      openModal: (target) => openAppModal(target),
      startOAuth: (url) => window.location.assign(url),
      executeModule,
      requestModuleApproval: ({ actionId, moduleId, params }) => executeModule(moduleId, params, actionId),
      openBuildModal: (build) => {
        const quote = buildQuoteSchema.safeParse(build.quote);
        const spec = featureSpecSchema.safeParse(build.spec);
        showBuildQuote({
          proposalId: build.proposalId,
          quote: quote.success ? quote.data : undefined,
          spec: spec.success ? spec.data : undefined,
          consentToken: build.consentToken,
          sessionId: build.sessionId,
        });
      },
      // The quote comes back as an openBuildModal action of its own, so it shows (and is recorded) like the assistant's.
      requestQuote: async ({ sessionId, spec }) => {
        let answer: Awaited<ReturnType<typeof requestBuildQuote>>;
        try {
          answer = await requestBuildQuote(sessionId, spec);
        } catch (error) {
          // A request the server cannot quote says why (a 400's message): the assistant says it in the conversation.
          const reason = quoteRefusal(error);
          if (reason === null) throw error;
          store.updateChat((chat) =>
            addAssistantNote(chat, `quote-refused-${sessionId}`, `I couldn't quote that: ${reason}`),
          );
          return { refused: reason };
        }
        const open = {
          id: `quote-${answer.proposalId}`,
          type: "openBuildModal",
          params: { proposalId: answer.proposalId },
          quote: answer.quote,
          spec: answer.spec,
          consentToken: answer.consentToken,
          sessionId: answer.sessionId,
        };
        if (actorRef.current) sendUiAction(actorRef.current, open);
        return undefined;
      },
      warn: (message) => console.warn(message),
    };
    // The company's words for its pages, as loaded by the shell (read, not observed: the actor is made once).
    const names = queryClient.getQueryData<Company>(COMPANY_QUERY_KEY)?.terminology ?? STANDARD_TERMS;
    const created = createUiActionsActor(effects, {
      // The server's list (the configured providers and this app, for simulated connections); without it, only this app.
      allowedOAuthOrigins: (allowedOrigins ?? [window.location.origin]).filter(isOrigin),
      navigateLabels: { "/jobs": names.jobs, "/customers": names.customers },
    }).start();
    actorRef.current = created;
    setActor(created);
    for (const deliver of pendingForActor.current.splice(0)) deliver(created);
    return () => {
      created.stop();
      actorRef.current = null;
    };
  }, [suggestionsSettled, allowedOrigins, queryClient]);

  useEffect(() => {
    const conversation = history.data;
    if (!conversation || store.getState().chat.turns.length > 0) return;
    store.updateChat(() => chatFromHistory(conversation));
    // Its actions' runs as they stand now: their chips say so, and follow them from here on.
    toActor((actor) => restoreModuleRuns(actor, conversation.runs));
  }, [history.data, store, toActor]);

  useEffect(
    () =>
      live.onError(({ message, requestId }) => {
        if (requestId !== null && ownRequests.current.has(requestId))
          store.updateChat((chat) => settleUserTurn(chat, requestId, message));
      }),
    [live, store],
  );

  const liveStatus = useLiveEvents((event, meta) => {
    if (event.name === "module.run_updated") {
      const update = event.payload;
      toActor((actor) => updateModuleRun(actor, update));
      return;
    }
    if (event.name !== "assistant.event") return;
    const ours = meta.requestId !== null && ownRequests.current.has(meta.requestId);
    const current = store.getState().chat.conversationId;
    if (!ours && current !== null && current !== event.payload.conversationId) return;
    const chat = store.updateChat((state) => {
      const settled = ours ? settleUserTurn(state, meta.requestId!) : state;
      return applyAssistantEvent(
        ours && current !== event.payload.conversationId
          ? { ...settled, conversationId: event.payload.conversationId }
          : settled,
        event.payload,
      );
    });
    if (!ours) return;
    const action = completedAction(chat, event.payload);
    if (action === undefined) return;
    const raw = actionArguments(action);
    toActor((actor) => sendUiAction(actor, raw));
  });

  const send = useCallback(
    (text: string, read?: ReadToolCall) => {
      const requestId = newRequestId();
      ownRequests.current.add(requestId);
      const { location: where } = latest.current;
      store.updateChat((chat) => addUserTurn(chat, requestId, text));
      live.request({
        type: "chat.send",
        requestId,
        conversationId: store.getState().chat.conversationId,
        text,
        context: assistantContextFor(where.pathname, where.search),
        ...(read ? { read } : {}),
      });
    },
    [live, store],
  );

  const decide = useCallback(
    (proposalId: string, decision: "confirm" | "cancel") => {
      const conversationId = store.getState().chat.conversationId;
      if (conversationId === null) return;
      const requestId = newRequestId();
      ownRequests.current.add(requestId);
      store.updateChat((chat) => decideProposal(chat, proposalId, decision));
      live.request({ type: "chat.decide", requestId, conversationId, proposalId, decision });
    },
    [live, store],
  );

  const newConversation = useCallback(() => store.updateChat(() => EMPTY_CHAT), [store]);

  const undo = useCallback(async (actionId: string) => {
    const actor = actorRef.current;
    const run = actor ? selectActionRun(actor.getSnapshot(), actionId) : undefined;
    if (!actor || !run) return;
    const undone = await undoModuleRun(run.runId);
    updateModuleRun(actor, { ...run, undoUntil: undone.undoUntil, undone: undone.undone });
    sendUiAction(actor, {
      id: `undo-${run.runId}`,
      type: "showToast",
      params: { title: "Undone", message: `${moduleTitle(run.moduleId)} was undone` },
    });
  }, []);

  const registerInlineChat = useCallback((focus: () => void) => {
    inlineChats.current = [...inlineChats.current, focus];
    setInlineChatCount(inlineChats.current.length);
    return () => {
      inlineChats.current = inlineChats.current.filter((f) => f !== focus);
      setInlineChatCount(inlineChats.current.length);
    };
  }, []);

  const openChat = useCallback(() => {
    const inline = inlineChats.current.at(-1);
    if (inline) {
      setPanelOpen(false);
      inline();
    } else {
      setPanelOpen(true);
    }
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "k" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      event.preventDefault();
      if (panelOpen) setPanelOpen(false);
      else openChat();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [panelOpen, openChat]);

  const value = useMemo<AssistantValue>(
    () => ({
      access,
      store,
      actor,
      liveStatus,
      history,
      suggestions,
      send,
      decide,
      newConversation,
      undo,
      panelOpen,
      setPanelOpen,
      openChat,
      registerInlineChat,
      hasInlineChat: inlineChatCount > 0,
    }),
    [
      access,
      store,
      actor,
      liveStatus,
      history,
      suggestions,
      send,
      decide,
      newConversation,
      undo,
      panelOpen,
      openChat,
      registerInlineChat,
      inlineChatCount,
    ],
  );
  return <AssistantContext.Provider value={value}>{children}</AssistantContext.Provider>;
}
