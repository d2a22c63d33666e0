import type { ModuleRunLink } from "@fieldops/shared/modules";
import { EMPTY_CHAT, type ChatState } from "./chat-state";

/** A module run started from the chat, followed by its `module.run_updated` events. */
export interface ChatRun {
  runId: string;
  moduleId: string;
  status: string;
  /** Until when (ms since the epoch) the user may undo it, as the server says; null when it cannot be undone. */
  undoUntil: number | null;
  undone: boolean;
  /** The path of the file the run produced (an export), for the requester to download. */
  download: string | null;
  /** Where to open what the run made (the optimized day's proposal on the board). */
  link: ModuleRunLink | null;
}

export interface ChatStoreState {
  chat: ChatState;
  /** Module runs by the id of the UI action that started them. */
  runs: Record<string, ChatRun>;
}

/** The chat's state outside React, so that a live event can update it and act on the result in one step. */
export class ChatStore {
  private state: ChatStoreState = { chat: EMPTY_CHAT, runs: {} };
  private readonly listeners = new Set<() => void>();

  readonly getState = (): ChatStoreState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  update(change: (state: ChatStoreState) => ChatStoreState): ChatStoreState {
    const next = change(this.state);
    if (next !== this.state) {
      this.state = next;
      for (const listener of this.listeners) listener();
    }
    return next;
  }

  updateChat(change: (chat: ChatState) => ChatState): ChatState {
    return this.update((state) => {
      const chat = change(state.chat);
      return chat === state.chat ? state : { ...state, chat };
    }).chat;
  }
}
