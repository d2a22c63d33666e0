import type { ComponentType, CSSProperties, ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import type { User } from "@fieldops/shared/auth";
import { useRecheckSession, useUser } from "../lib/session";
import { Alert, AlertDescription, AlertTitle } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Separator } from "../components/ui/separator";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "../components/ui/sidebar";
import { useLiveEventReactions } from "../lib/live-event-registry";
import { LiveEventsProvider } from "../lib/live-events";
import { AppSidebar } from "./app-sidebar";
import { FullPageLoader } from "./full-page-loader";
import { LiveIndicator } from "./live-indicator";
import { TrialBanner } from "./trial-banner";

function AppHeader({ user, actions }: { user: User; actions?: ReactNode }) {
  const status = useLiveEventReactions();
  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
      <div className="ml-auto flex items-center gap-3">
        {actions}
        {user.companyId !== null ? <LiveIndicator status={status} /> : null}
      </div>
    </header>
  );
}

/** What app/ puts around every signed-in screen, inside the live connection and the router (e.g. the assistant). */
export type AppFrame = ComponentType<{ user: User; children: ReactNode }>;

const NoFrame: AppFrame = ({ children }) => <>{children}</>;

/**
 * The signed-in app: sidebar, header and the current page. Visitors who are not signed in go to /login. `frame`,
 * `headerActions` and `banners` (above the page, e.g. an impersonation's) come from app/, so that the shell imports
 * no feature. A tenant's pages give their own `sidebar` and a `style` that sets the tenant's brand colour.
 */
export function AppLayout({
  frame: Frame = NoFrame,
  headerActions,
  banners,
  sidebar,
  style,
}: {
  frame?: AppFrame;
  headerActions?: ReactNode;
  banners?: (user: User) => ReactNode;
  sidebar?: (user: User) => ReactNode;
  style?: CSSProperties;
} = {}) {
  const { data: user, isPending, isError, refetch, isFetching } = useUser();
  // The server closes the live connection of a session that has ended: the user is asked for again.
  const recheckSession = useRecheckSession();
  if (isPending) return <FullPageLoader />;
  if (isError) {
    return (
      <div className="flex min-h-svh items-center justify-center p-6">
        <Alert variant="destructive" className="max-w-md">
          <AlertTitle>We could not reach the server</AlertTitle>
          <AlertDescription>
            <p>Your session could not be checked. Check your connection and try again.</p>
            <Button variant="outline" size="sm" disabled={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace />;
  return (
    <LiveEventsProvider enabled={user.companyId !== null} onRefused={recheckSession}>
      <Frame user={user}>
        <SidebarProvider style={style}>
          {sidebar ? sidebar(user) : <AppSidebar user={user} />}
          <SidebarInset>
            <AppHeader user={user} actions={headerActions} />
            {banners ? banners(user) : null}
            {user.companyId !== null ? <TrialBanner user={user} /> : null}
            <div className="flex flex-1 flex-col gap-6 p-4 md:p-6">
              <Outlet context={user} />
            </div>
          </SidebarInset>
        </SidebarProvider>
      </Frame>
    </LiveEventsProvider>
  );
}
