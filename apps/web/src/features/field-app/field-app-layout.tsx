import { FIELD_APP_PATH, MESSAGES_PATH } from "@fieldops/shared/app-paths";
import { CalendarDays, ClipboardList, Home, Menu, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { Navigate, NavLink, Outlet } from "react-router";
import { can } from "@fieldops/shared/permissions";
import type { User } from "@fieldops/shared/auth";
import { LoadingBlock } from "../../components/load-state";
import { LiveEventsProvider } from "../../lib/live-events";
import { useRecheckSession, useUser } from "../../lib/session";
import { useCompanyTerms } from "../../lib/terms";
import { useUnreadMessages } from "../../lib/unread-messages";
import { cn } from "../../lib/utils";
import { FieldSyncProvider, useFieldSync, useFieldThreads } from "./field-app-data";
import { FieldSyncStatus } from "./field-sync-status";

/** The Messages tab's count: the office's inbox for who answers it, a field user's own unread of their crews' threads. */
function useMessagesBadge(user: User): number {
  const office = can(user, "messages.manage");
  const officeUnread = useUnreadMessages();
  const field = useFieldThreads(!office);
  return office ? officeUnread : (field.data?.unreadTotal ?? 0);
}

function Tab({
  to,
  label,
  icon,
  end,
  badge,
}: {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
  badge?: number;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(
          "relative flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium",
          isActive ? "text-primary" : "text-muted-foreground",
        )
      }
    >
      <span aria-hidden="true">{icon}</span>
      <span>{label}</span>
      {badge ? (
        <span className="absolute top-1 left-1/2 ml-2 rounded-full bg-primary px-1.5 text-[0.65rem] text-primary-foreground tabular-nums">
          <span aria-hidden="true">{badge > 99 ? "99+" : badge}</span>
          <span className="sr-only">, {badge} unread</span>
        </span>
      ) : null}
    </NavLink>
  );
}

function FieldTabBar({ user }: { user: User }) {
  const terms = useCompanyTerms(user.companyId);
  const unread = useMessagesBadge(user);
  const iconClass = "size-5";
  return (
    <nav
      aria-label="Field app"
      className="fixed inset-x-0 bottom-0 z-10 border-t bg-background pb-[env(safe-area-inset-bottom)]"
    >
      <div className="mx-auto flex max-w-xl">
        <Tab to={FIELD_APP_PATH} end label="Home" icon={<Home className={iconClass} />} />
        <Tab to={`${FIELD_APP_PATH}/jobs`} label={terms.jobs} icon={<ClipboardList className={iconClass} />} />
        <Tab to={`${FIELD_APP_PATH}/schedule`} label="Schedule" icon={<CalendarDays className={iconClass} />} />
        <Tab to={MESSAGES_PATH} label="Messages" icon={<MessageSquare className={iconClass} />} badge={unread} />
        <Tab to={`${FIELD_APP_PATH}/more`} label="More" icon={<Menu className={iconClass} />} />
      </div>
    </nav>
  );
}

/**
 * The field app's frame, phone first: the page above a bottom tab bar (Home, Jobs in the company's words, Schedule,
 * Messages with its unread count, More), with the live connection so the office's changes show at once, and the
 * line saying what waits to be sent.
 * `children` is what the composition root runs beside it (the service worker's updates).
 */
export function FieldAppLayout({ children }: { children?: ReactNode }) {
  const { data: user, isPending, isError, refetch } = useUser();
  if (isPending) return <LoadingBlock label="Loading your day" />;
  if (isError)
    return (
      <main className="p-6">
        <p role="alert">Your session could not be checked. Check your connection and try again.</p>
        <button type="button" className="mt-3 underline" onClick={() => void refetch()}>
          Try again
        </button>
      </main>
    );
  if (!user) return <Navigate to="/login" replace />;
  return <SignedInFieldApp user={user}>{children}</SignedInFieldApp>;
}

/** The field app of a signed-in user: their waiting actions sent by the sync while it is open, its state shown. */
function SignedInFieldApp({ user, children }: { user: User; children?: ReactNode }) {
  const recheckSession = useRecheckSession();
  const sync = useFieldSync(user.id);
  return (
    <LiveEventsProvider enabled={user.companyId !== null} onRefused={recheckSession}>
      <FieldSyncProvider value={sync}>
        <div className="min-h-svh bg-muted/30">
          <main className="mx-auto flex max-w-xl flex-col gap-4 p-4 pb-24">
            <FieldSyncStatus userId={user.id} sync={sync} />
            <Outlet context={user} />
          </main>
          <FieldTabBar user={user} />
        </div>
      </FieldSyncProvider>
      {children}
    </LiveEventsProvider>
  );
}
