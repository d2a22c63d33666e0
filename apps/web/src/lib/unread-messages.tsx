import { messageEndpoints } from "@fieldops/shared/messages";
import { can } from "@fieldops/shared/permissions";
import { useEndpointQuery } from "./endpoints";
import { useUser } from "./session";

/**
 * How many texts and e-mail replies wait unread in the company's conversations: the inbox's own read (one cache entry,
 * refetched on `messages.changed`), for those who may read them; 0 for everyone else. It reads the signed-in user from
 * the user query, as the sidebar (outside the pages' outlet) does.
 */
export function useUnreadMessages(): number {
  const user = useUser().data;
  const mayRead = Boolean(user?.companyId) && user !== undefined && user !== null && can(user, "messages.manage");
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
      data-testid="unread-messages-badge"
    >
      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
      <span className="sr-only">{unread} unread</span>
    </span>
  );
}
