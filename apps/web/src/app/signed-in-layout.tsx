import { homePathForRole } from "@fieldops/shared/roles";
import { Navigate } from "react-router";
import { ImpersonationBanners } from "../features/impersonation/impersonation-banners";
import { AssistantButton, AssistantFrame } from "../features/assistant/assistant-panel";
import { AppLayout, useSignedInUser } from "../shell/app-layout";
import { AppModalHost } from "./app-modal-host";
import { OnboardingGate, ThemePreferenceSync } from "./onboarding-gate";
import { DashboardPage } from "./pages";

/** The signed-in layout with the host of the app's named modals beside it, so that any screen can open one. */
export function AppLayoutWithModals() {
  return (
    <OnboardingGate>
      <AppLayout
        frame={AssistantFrame}
        headerActions={<AssistantButton />}
        banners={(user) => <ImpersonationBanners user={user} />}
      />
      <AppModalHost />
      <ThemePreferenceSync />
    </OnboardingGate>
  );
}

/** /userdash is a landing route: owners and admins land on /admin-dashboard instead, everyone else stays. */
export function UserDashboard() {
  const user = useSignedInUser();
  const home = homePathForRole(user.role);
  return home === "/userdash" ? <DashboardPage today /> : <Navigate to={home} replace />;
}
