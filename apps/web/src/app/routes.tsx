import { Navigate, Route, Routes } from "react-router";
import { homePathForRole } from "@fieldops/shared/roles";
import { LoginPage } from "../features/auth/login-page";
import { useUser } from "../lib/session";
import { SignupPage } from "../features/auth/signup-page";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { CustomerDetailPage } from "../features/customers/customer-detail-page";
import { CustomersPage } from "../features/customers/customers-page";
import { JobDetailPage } from "../features/jobs/job-detail-page";
import { JobsPage } from "../features/jobs/jobs-page";
import { CrewDetailPage } from "../features/crews/crew-detail-page";
import { CrewsPage } from "../features/crews/crews-page";
import { SchedulePage } from "../features/schedule/schedule-page";
import { CommunicationSettingsPage } from "../features/integrations/communication-settings";
import { IntegrationsPage } from "../features/integrations/integrations-page";
import { PaymentSettingsPage } from "../features/integrations/payment-settings";
import { SimulatedAuthorizePage } from "../features/integrations/simulated-authorize-page";
import { SettingsPage } from "../features/settings/settings-page";
import { ReportsPage } from "../features/reports/reports-page";
import { REPORT_READER_ROLES } from "@fieldops/shared/reports";
import { INTEGRATION_MANAGER_ROLES, INTEGRATION_VIEWER_ROLES, SIMULATED_AUTHORIZE_PATH } from "@fieldops/shared/integrations";
import { AppLayout, FullPageLoader } from "../shell/app-layout";
import { AssistantButton, AssistantFrame } from "../features/assistant/assistant-panel";
import { NotFoundPage } from "../shell/not-found-page";
import { RoleGuard } from "../shell/role-guard";
import { SectionPageView } from "../shell/section-page";
import { SECTION_PAGES } from "../shell/section-pages";
import { AppModalHost } from "./app-modal-host";

/** Jobs are managed by owners and members; field users work from their own visits. */
const JOB_MANAGERS = ["owner", "member"] as const;

/** `/` sends a signed-in user to their role's dashboard and anyone else to sign in. */
function HomeRedirect() {
  const user = useUser();
  if (user.isPending) return <FullPageLoader />;
  return <Navigate to={user.data ? homePathForRole(user.data.role) : "/login"} replace />;
}

/** The signed-in layout with the host of the app's named modals beside it, so that any screen can open one. */
function AppLayoutWithModals() {
  return (
    <>
      <AppLayout frame={AssistantFrame} headerActions={<AssistantButton />} />
      <AppModalHost />
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route element={<AppLayoutWithModals />}>
        <Route path="/admin-dashboard" element={<DashboardPage />} />
        <Route path="/userdash" element={<DashboardPage today />} />
        <Route path="/customers" element={<CustomersPage />} />
        <Route path="/customers/:id" element={<CustomerDetailPage />} />
        <Route path="/jobs" element={<RoleGuard roles={JOB_MANAGERS}><JobsPage /></RoleGuard>} />
        <Route path="/jobs/:id" element={<RoleGuard roles={JOB_MANAGERS}><JobDetailPage /></RoleGuard>} />
        <Route path="/crews" element={<CrewsPage />} />
        <Route path="/crews/:id" element={<CrewDetailPage />} />
        <Route path="/schedule" element={<RoleGuard roles={JOB_MANAGERS}><SchedulePage /></RoleGuard>} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/reports" element={<RoleGuard roles={REPORT_READER_ROLES}><ReportsPage /></RoleGuard>} />
        <Route path="/integrations" element={<RoleGuard roles={INTEGRATION_VIEWER_ROLES}><IntegrationsPage /></RoleGuard>} />
        <Route path="/settings/integrations" element={<RoleGuard roles={INTEGRATION_VIEWER_ROLES}><IntegrationsPage /></RoleGuard>} />
        <Route path="/settings/payments" element={<RoleGuard roles={INTEGRATION_VIEWER_ROLES}><PaymentSettingsPage /></RoleGuard>} />
        <Route path="/settings/communications" element={<RoleGuard roles={INTEGRATION_VIEWER_ROLES}><CommunicationSettingsPage /></RoleGuard>} />
        <Route path={SIMULATED_AUTHORIZE_PATH} element={<RoleGuard roles={INTEGRATION_MANAGER_ROLES}><SimulatedAuthorizePage /></RoleGuard>} />
        {SECTION_PAGES.map((page) => (
          <Route
            key={page.path}
            path={page.path}
            element={
              <RoleGuard roles={page.roles}>
                <SectionPageView page={page} />
              </RoleGuard>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
