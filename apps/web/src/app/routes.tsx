import {
  FORGOT_PASSWORD_PATH,
  MESSAGES_PATH,
  RESET_PASSWORD_PATH,
  SIMULATED_AUTHORIZE_PATH,
} from "@fieldops/shared/app-paths";
import { Navigate, Route, Routes } from "react-router";
import { homePathForRole } from "@fieldops/shared/roles";
import { can } from "@fieldops/shared/permissions";
import { useUser } from "../lib/session";
import { RouteTelemetry } from "../features/telemetry/route-telemetry";
import { FullPageLoader } from "../shell/full-page-loader";
import { lazyPage } from "../shell/lazy-page";
import { NotFoundPage } from "../shell/not-found-page";
import { RoleGuard } from "../shell/role-guard";
import {
  AdminDashboardRoute,
  AssistantTranscriptsPage,
  BuildMonitorPage,
  BuildPricingPage,
  BuildsPage,
  CommunicationSettingsPage,
  CrewDetailPage,
  CrewsPage,
  CustomerDetailPage,
  CustomersPage,
  CustomRecordPage,
  CustomRecordsPage,
  DocumentationPage,
  EstimatePage,
  EstimatesPage,
  FeaturesPage,
  ForgotPasswordPage,
  IndustriesPage,
  IndustryPage,
  InstanceAdminPage,
  IntegrationsPage,
  InvoiceDetailPage,
  JobDetailPage,
  JobsPage,
  LandingPage,
  LeadsPage,
  LoginPage,
  MessagesPage,
  MenuEditorPage,
  OnboardingPage,
  PaymentSettingsPage,
  PaymentsPage,
  PlansPage,
  PortalPage,
  PricingPage,
  ReportsPage,
  ResetPasswordPage,
  ResourcesPage,
  ReviewEstimatePage,
  ReviewPage,
  SchedulePage,
  AutomationsPage,
  AutomationPage,
  SecurityPage,
  SettingsPage,
  SignupOrInvitationPage,
  SimulatedAuthorizePage,
  SupportPage,
  TenantsPage,
} from "./pages";

// The signed-in frame (layout, assistant, modals) and the tenant pages load only where they are shown.
const AppLayoutWithModals = lazyPage(() => import("./signed-in-layout"), "AppLayoutWithModals");
const UserDashboard = lazyPage(() => import("./signed-in-layout"), "UserDashboard");
const HostTenantRoutes = lazyPage(() => import("./tenant-routes"), "HostTenantRoutes");
const TenantOrIndustryRoute = lazyPage(() => import("./tenant-routes"), "TenantOrIndustryRoute");
// The field app (/app), phone first, in a frame of its own; a visit, the messages and More load when opened (the
// service worker precaches every chunk, so they open without a connection too).
const FieldAppFrame = lazyPage(() => import("./field-app"), "FieldAppFrame");
const FieldAppHome = lazyPage(() => import("./field-app"), "FieldAppHome");
const FieldAppJobs = lazyPage(() => import("./field-app"), "FieldAppJobs");
const FieldAppSchedule = lazyPage(() => import("./field-app"), "FieldAppSchedule");
const FieldAppVisit = lazyPage(() => import("../features/field-app/field-visit-page"), "FieldVisitPage");
const FieldAppMessages = lazyPage(() => import("../features/field-app/field-messages-page"), "FieldMessagesPage");
const FieldAppMore = lazyPage(() => import("../features/field-app/field-more-page"), "FieldMorePage");

/**
 * /app/messages, the spec's Messages route, serves both: the office's inbox in the office's layout for who answers
 * customers, the field app's Messages tab for a crew.
 */
function MessagesFrame() {
  const user = useUser();
  if (user.isPending) return <FullPageLoader />;
  return user.data && inFieldApp(user.data) ? <FieldAppFrame /> : <AppLayoutWithModals />;
}

/** A company's user who does not answer customers reads the crew's conversations in the field app. */
const inFieldApp = (user: { companyId: string | null } & Parameters<typeof can>[0]) =>
  user.companyId !== null && !can(user, "messages.manage");

function MessagesRoute() {
  const user = useUser();
  if (user.data && inFieldApp(user.data)) return <FieldAppMessages />;
  // Anyone else without the capability (a platform admin outside any company) is told the page is not theirs.
  return (
    <RoleGuard capability="messages.manage">
      <MessagesPage />
    </RoleGuard>
  );
}

/** `/` sends a signed-in user to their role's dashboard and shows visitors the landing page. */
function Home() {
  const user = useUser();
  if (user.isPending) return <FullPageLoader />;
  return user.data ? <Navigate to={homePathForRole(user.data.role)} replace /> : <LandingPage />;
}

/**
 * The app's routes, with the router's telemetry beside them. `hostTenant` is the tenant whose own domain the page was
 * served on: then every path is one of that tenant's pages.
 */
export function App({ hostTenant }: { hostTenant: string | null }) {
  return (
    <>
      <RouteTelemetry hostTenant={hostTenant} />
      {hostTenant ? <HostTenantRoutes /> : <AppRoutes />}
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Home />} />
      <Route path="/pricing" element={<PricingPage />} />
      <Route path="/industries" element={<IndustriesPage />} />
      <Route path="/industries/:slug" element={<IndustryPage />} />
      {/* A first word the app has no route for: an industry's page, the legacy /t/… form, or a tenant's pages. */}
      <Route path="/:first/*" element={<TenantOrIndustryRoute />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupOrInvitationPage />} />
      <Route path={FORGOT_PASSWORD_PATH} element={<ForgotPasswordPage />} />
      {/* A password reset e-mail's link; the page drops the token from the address bar as it reads it. */}
      <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      {/* The customer's pages: no session, no app around them; the link's token is in the fragment. */}
      <Route path="/review/:invoiceId" element={<ReviewPage />} />
      <Route path="/review/estimates/:id" element={<ReviewEstimatePage />} />
      <Route path="/review/portal/:customerId" element={<PortalPage />} />
      <Route element={<AppLayoutWithModals />}>
        <Route path="/admin-dashboard" element={<AdminDashboardRoute />} />
        <Route
          path="/admin/tenants"
          element={
            <RoleGuard capability="platform.manage">
              <TenantsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/features"
          element={
            <RoleGuard capability="platform.manage">
              <FeaturesPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/resources"
          element={
            <RoleGuard capability="platform.manage">
              <ResourcesPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/brain-packets"
          element={
            <RoleGuard capability="platform.manage">
              <AssistantTranscriptsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/instance-admin/:companyId"
          element={
            <RoleGuard capability="platform.manage">
              <InstanceAdminPage />
            </RoleGuard>
          }
        />
        <Route
          path="/menu/primary"
          element={
            <RoleGuard capability="platform.manage">
              <MenuEditorPage menu="primary" />
            </RoleGuard>
          }
        />
        <Route
          path="/menu/secondary"
          element={
            <RoleGuard capability="platform.manage">
              <MenuEditorPage menu="secondary" />
            </RoleGuard>
          }
        />
        <Route path="/userdash" element={<UserDashboard />} />
        <Route path="/customers" element={<CustomersPage />} />
        <Route path="/customers/:id" element={<CustomerDetailPage />} />
        <Route path="/custom/:objectKey" element={<CustomRecordsPage />} />
        <Route path="/custom/:objectKey/:id" element={<CustomRecordPage />} />
        <Route
          path="/jobs"
          element={
            <RoleGuard capability="jobs.manage">
              <JobsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/:id"
          element={
            <RoleGuard capability="jobs.manage">
              <JobDetailPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/leads"
          element={
            <RoleGuard capability="sales.manage">
              <LeadsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/estimates"
          element={
            <RoleGuard capability="sales.manage">
              <EstimatesPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/estimates/:id"
          element={
            <RoleGuard capability="sales.manage">
              <EstimatePage />
            </RoleGuard>
          }
        />
        <Route path="/crews" element={<CrewsPage />} />
        <Route path="/crews/:id" element={<CrewDetailPage />} />
        <Route
          path="/schedule"
          element={
            <RoleGuard capability="schedule.manage">
              <SchedulePage />
            </RoleGuard>
          }
        />
        <Route
          path="/payments"
          element={
            <RoleGuard capability="invoices.manage">
              <PaymentsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/payments/invoices/:id"
          element={
            <RoleGuard capability="invoices.manage">
              <InvoiceDetailPage />
            </RoleGuard>
          }
        />
        <Route path="/settings" element={<SettingsPage />} />
        <Route
          path="/reports"
          element={
            <RoleGuard capability="reports.read">
              <ReportsPage />
            </RoleGuard>
          }
        />
        <Route path="/security" element={<SecurityPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/documentation" element={<DocumentationPage />} />
        <Route path="/documentation/:area" element={<DocumentationPage />} />
        <Route path="/plans" element={<PlansPage />} />
        <Route
          path="/settings/builds"
          element={
            <RoleGuard capability="builds.manage">
              <BuildsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/build-monitor"
          element={
            <RoleGuard capability="platform.manage">
              <BuildMonitorPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/saas-factory/pricing"
          element={
            <RoleGuard capability="platform.manage">
              <BuildPricingPage />
            </RoleGuard>
          }
        />
        <Route
          path="/integrations"
          element={
            <RoleGuard capability="integrations.read">
              <IntegrationsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/settings/integrations"
          element={
            <RoleGuard capability="integrations.read">
              <IntegrationsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/settings/payments"
          element={
            <RoleGuard capability="integrations.read">
              <PaymentSettingsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/settings/communications"
          element={
            <RoleGuard capability="integrations.read">
              <CommunicationSettingsPage />
            </RoleGuard>
          }
        />
        <Route
          path={SIMULATED_AUTHORIZE_PATH}
          element={
            <RoleGuard capability="integrations.manage">
              <SimulatedAuthorizePage />
            </RoleGuard>
          }
        />
        <Route
          path="/automations"
          element={
            <RoleGuard capability="settings.read">
              <AutomationsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/automations/:id"
          element={
            <RoleGuard capability="settings.read">
              <AutomationPage />
            </RoleGuard>
          }
        />
      </Route>
      <Route element={<MessagesFrame />}>
        <Route path={MESSAGES_PATH} element={<MessagesRoute />} />
      </Route>
      <Route element={<FieldAppFrame />}>
        <Route path="/app" element={<FieldAppHome />} />
        <Route path="/app/jobs" element={<FieldAppJobs />} />
        <Route path="/app/jobs/:id" element={<FieldAppVisit />} />
        <Route path="/app/schedule" element={<FieldAppSchedule />} />
        <Route path="/app/more" element={<FieldAppMore />} />
        {/* Any other path of the field app shows its Home. */}
        <Route path="/app/*" element={<FieldAppHome />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
