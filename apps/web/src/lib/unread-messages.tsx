import { messageEndpoints } from "@fieldops/shared/messages";
import { useEndpointQuery } from "./endpoints";
import { useCan } from "./permissions";

/**
 * How many texts and e-mail replies wait unread in the company's conversations: the inbox's own read (one cache entry,
 * refetched on `messages.changed`), for those who may read them; 0 for everyone else.
 */
export function useUnreadMessages(): number {
  const mayRead = useCan("messages.manage");
  const threads = useEndpointQuery(
    messageEndpoints.threads,
    {},
    { enabled: mayRead, select: (data) => data.unreadTotal },
  );
  return mayRead ? (threads.data ?? 0) : 0;
}

/** The navigation's count of unread messages; nothing when none wait. */
export function UnreadMessagesBadge() {
  const unread = useUnreadMessages();
  if (unread === 0) return null;
  return (
    <span
      className="ml-auto rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground tabular-nums"
      aria-label={`${unread} unread`}
      data-testid="unread-messages-badge"
    >
      {unread > 99 ? "99+" : unread}
    </span>
  );
}
