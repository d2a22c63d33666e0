import { homePathForRole } from "@fieldops/shared/roles";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { HipaaIdleSignOut } from "../features/hipaa/hipaa-idle-sign-out";
import { ImpersonationBanners } from "../features/impersonation/impersonation-banners";
import { AssistantButton, AssistantFrame } from "../features/assistant/assistant-panel";
import { LiveEventReactionsProvider } from "../lib/live-event-registry";
import { AppLayout } from "../shell/app-layout";
import { useSignedInUser } from "../lib/session";
import { AppModalHost } from "./app-modal-host";
import { LIVE_EVENT_REACTIONS } from "./live-event-reactions";
import { OnboardingGate, ThemePreferenceSync } from "./onboarding-gate";
import { DashboardPage } from "./pages";

/**
 * The features' reactions to live events, around a signed-in layout (which holds the live connection): so they load
 * only once someone is signed in.
 */
export function LiveReactions({ children }: { children: ReactNode }) {
  return <LiveEventReactionsProvider reactions={LIVE_EVENT_REACTIONS}>{children}</LiveEventReactionsProvider>;
}

/** The signed-in layout with the host of the app's named modals beside it, so that any screen can open one. */
export function AppLayoutWithModals() {
  return (
    <OnboardingGate>
      <LiveReactions>
        <AppLayout
          frame={AssistantFrame}
          headerActions={<AssistantButton />}
          banners={(user) => <ImpersonationBanners user={user} />}
        />
      </LiveReactions>
      <AppModalHost />
      <ThemePreferenceSync />
      <HipaaIdleSignOut />
    </OnboardingGate>
  );
}

/**
 * /userdash is a landing route: owners and admins land on /admin-dashboard instead, everyone else stays (a field
 * user, who lands in the field app, opens it as the full app's dashboard).
 */
export function UserDashboard() {
  const user = useSignedInUser();
  const home = homePathForRole(user.role);
  return home === "/admin-dashboard" ? <Navigate to={home} replace /> : <DashboardPage today />;
}
