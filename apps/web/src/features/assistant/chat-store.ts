import { EMPTY_CHAT, type ChatState } from "./chat-state";

export interface ChatStoreState {
  chat: ChatState;
}

/** The chat's state outside React, so that a live event can update it and act on the result in one step. */
export class ChatStore {
  private state: ChatStoreState = { chat: EMPTY_CHAT };
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
