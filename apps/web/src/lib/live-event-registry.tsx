import { createContext, useCallback, useContext, type ReactNode } from "react";
import { useQueryClient, type InvalidateQueryFilters, type QueryClient } from "@tanstack/react-query";
import type { AppEvent, AppEventName } from "@fieldops/shared/events";
import { useLiveEvents, type LiveStatus } from "./live-events";

/** What a feature does when a live event of one kind arrives, typically updating its cached queries. */
export interface LiveEventReaction<Name extends AppEventName = AppEventName> {
  event: Name;
  react(event: Extract<AppEvent, { name: Name }>, context: { queryClient: QueryClient }): void;
}

/** Typed constructor for a feature's reaction, so that `react` receives that event's payload. */
export function onLiveEvent<Name extends AppEventName>(
  event: Name,
  react: LiveEventReaction<Name>["react"],
): LiveEventReaction {
  return { event, react: react as LiveEventReaction["react"] };
}

/** Reactions that fetch again the cached queries `filters` selects whenever one of these events arrives. */
export function refetchOnLiveEvents(
  events: readonly AppEventName[],
  filters: InvalidateQueryFilters,
): LiveEventReaction[] {
  return events.map((event) =>
    onLiveEvent(event, (_event, { queryClient }) => void queryClient.invalidateQueries(filters)),
  );
}

const LiveEventReactionsContext = createContext<readonly LiveEventReaction[]>([]);

/**
 * Features' reactions to live events, given by the app's composition root (app/), so that the shell that holds the
 * connection imports no feature.
 */
export function LiveEventReactionsProvider({
  reactions,
  children,
}: {
  reactions: readonly LiveEventReaction[];
  children: ReactNode;
}) {
  return <LiveEventReactionsContext.Provider value={reactions}>{children}</LiveEventReactionsContext.Provider>;
}

/** Hands every live event to the features that react to it, and returns the connection's status. */
export function useLiveEventReactions(): LiveStatus {
  const reactions = useContext(LiveEventReactionsContext);
  const queryClient = useQueryClient();
  const onEvent = useCallback(
    (event: AppEvent) => {
      for (const reaction of reactions) if (reaction.event === event.name) reaction.react(event, { queryClient });
    },
    [reactions, queryClient],
  );
  return useLiveEvents(onEvent);
}
