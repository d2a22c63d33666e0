import { Navigate, Route, Routes } from "react-router";
import { ADMIN_PORTAL_ROLES, homePathForRole } from "@fieldops/shared/roles";
import { BUILD_MANAGER_ROLES } from "@fieldops/shared/builds";
import { BuildMonitorPage, BuildPricingPage, BuildsPage } from "../features/builds/builds-pages";
import { LoginPage } from "../features/auth/login-page";
import { useUser, useSignedInUser } from "../lib/session";
import { DashboardRoute, AdminDashboardRoute } from "./pages/dashboard";
import { CustomerDetailRoute } from "./pages/customer-detail";
import { CustomersPage } from "../features/customers/customers-page";
import { CustomRecordPage } from "../features/custom-objects/custom-record-page";
import { CustomRecordsPage } from "../features/custom-objects/custom-records-page";
import { JobDetailRoute } from "./pages/job-detail";
import { JobsPage } from "../features/jobs/jobs-page";
import { EstimatePage } from "../features/estimates/estimate-page";
import { EstimatesPage } from "../features/estimates/estimates-page";
import { LeadsPage } from "../features/leads/leads-page";
import { PortalPage } from "../features/review/portal-page";
import { ReviewEstimatePage } from "../features/review/review-estimate-page";
import { CrewDetailPage } from "../features/crews/crew-detail-page";
import { CrewsPage } from "../features/crews/crews-page";
import { SchedulePage } from "../features/schedule/schedule-page";
import { CommunicationSettingsPage } from "../features/integrations/communication-settings";
import { IntegrationsPage } from "../features/integrations/integrations-page";
import { PaymentSettingsPage } from "../features/integrations/payment-settings";
import { SimulatedAuthorizePage } from "../features/integrations/simulated-authorize-page";
import { InvoiceDetailPage } from "../features/billing/invoice-detail-page";
import { PaymentsPage } from "../features/billing/payments-page";
import { ReviewPage } from "../features/review/review-page";
import { BILLING_ROLES } from "@fieldops/shared/invoices";
import { SettingsRoute } from "./pages/settings";
import { ReportsPage } from "../features/reports/reports-page";
import { REPORT_READER_ROLES } from "@fieldops/shared/reports";
import { IndustriesPage, IndustryPage } from "../features/marketing/industries-page";
import { LandingPage } from "../features/marketing/landing-page";
import { PricingPage } from "../features/marketing/pricing-page";
import { PlansPage } from "../features/plans/plans-page";
import {
  INTEGRATION_MANAGER_ROLES,
  INTEGRATION_VIEWER_ROLES,
  SIMULATED_AUTHORIZE_PATH,
} from "@fieldops/shared/integrations";
import { AppLayout, FullPageLoader } from "../shell/app-layout";
import { ImpersonationBanners } from "../features/impersonation/impersonation-banners";
import { AssistantButton, AssistantFrame } from "../features/assistant/assistant-panel";
import { NotFoundPage } from "../shell/not-found-page";
import { RoleGuard } from "../shell/role-guard";
import { SectionPageView } from "../shell/section-page";
import { SECTION_PAGES } from "../shell/section-pages";
import { AppModalHost } from "./app-modal-host";
import { HostTenantRoutes, TenantOrIndustryRoute } from "./tenant-routes";
import { RouteTelemetry } from "../features/telemetry/route-telemetry";
import { OnboardingGate, ThemePreferenceSync } from "./onboarding-gate";
import { DocumentationPage } from "../features/documentation/documentation-page";
import { OnboardingPage } from "../features/onboarding/onboarding-page";
import { SecurityPage } from "../features/security/security-page";
import { SupportPage } from "../features/support/support-page";
import { SignupOrInvitationRoute } from "./pages/signup";
import { BrainPacketsPage } from "../features/admin/brain-packets-page";
import { FeaturesPage } from "../features/admin/features-page";
import { InstanceAdminPage } from "../features/admin/instance-admin-page";
import { MenuEditorPage } from "../features/admin/menu-editor-page";
import { AdminResourcesRoute } from "./pages/admin-resources";
import { TenantsPage } from "../features/admin/tenants-page";

/** Jobs are managed by owners and members; field users work from their own visits. */
const JOB_MANAGERS = ["owner", "member"] as const;

/** `/` sends a signed-in user to their role's dashboard and shows visitors the landing page. */
function Home() {
  const user = useUser();
  if (user.isPending) return <FullPageLoader />;
  return user.data ? <Navigate to={homePathForRole(user.data.role)} replace /> : <LandingPage />;
}

/** /userdash is a landing route: owners and admins land on /admin-dashboard instead, everyone else stays. */
function UserDashboard() {
  const user = useSignedInUser();
  const home = homePathForRole(user.role);
  return home === "/userdash" ? <DashboardRoute today /> : <Navigate to={home} replace />;
}

/** The signed-in layout with the host of the app's named modals beside it, so that any screen can open one. */
function AppLayoutWithModals() {
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
      <Route path="/signup" element={<SignupOrInvitationRoute />} />
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
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <TenantsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/features"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <FeaturesPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/resources"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <AdminResourcesRoute />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/brain-packets"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <BrainPacketsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/instance-admin/:companyId"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <InstanceAdminPage />
            </RoleGuard>
          }
        />
        <Route
          path="/menu/primary"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <MenuEditorPage menu="primary" />
            </RoleGuard>
          }
        />
        <Route
          path="/menu/secondary"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <MenuEditorPage menu="secondary" />
            </RoleGuard>
          }
        />
        <Route path="/userdash" element={<UserDashboard />} />
        <Route path="/customers" element={<CustomersPage />} />
        <Route path="/customers/:id" element={<CustomerDetailRoute />} />
        <Route path="/custom/:objectKey" element={<CustomRecordsPage />} />
        <Route path="/custom/:objectKey/:id" element={<CustomRecordPage />} />
        <Route
          path="/jobs"
          element={
            <RoleGuard roles={JOB_MANAGERS}>
              <JobsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/:id"
          element={
            <RoleGuard roles={JOB_MANAGERS}>
              <JobDetailRoute />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/leads"
          element={
            <RoleGuard roles={JOB_MANAGERS}>
              <LeadsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/estimates"
          element={
            <RoleGuard roles={JOB_MANAGERS}>
              <EstimatesPage />
            </RoleGuard>
          }
        />
        <Route
          path="/jobs/estimates/:id"
          element={
            <RoleGuard roles={JOB_MANAGERS}>
              <EstimatePage />
            </RoleGuard>
          }
        />
        <Route path="/crews" element={<CrewsPage />} />
        <Route path="/crews/:id" element={<CrewDetailPage />} />
        <Route
          path="/schedule"
          element={
            <RoleGuard roles={JOB_MANAGERS}>
              <SchedulePage />
            </RoleGuard>
          }
        />
        <Route
          path="/payments"
          element={
            <RoleGuard roles={BILLING_ROLES}>
              <PaymentsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/payments/invoices/:id"
          element={
            <RoleGuard roles={BILLING_ROLES}>
              <InvoiceDetailPage />
            </RoleGuard>
          }
        />
        <Route path="/settings" element={<SettingsRoute />} />
        <Route
          path="/reports"
          element={
            <RoleGuard roles={REPORT_READER_ROLES}>
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
            <RoleGuard roles={BUILD_MANAGER_ROLES}>
              <BuildsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/build-monitor"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <BuildMonitorPage />
            </RoleGuard>
          }
        />
        <Route
          path="/admin/saas-factory/pricing"
          element={
            <RoleGuard roles={ADMIN_PORTAL_ROLES}>
              <BuildPricingPage />
            </RoleGuard>
          }
        />
        <Route
          path="/integrations"
          element={
            <RoleGuard roles={INTEGRATION_VIEWER_ROLES}>
              <IntegrationsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/settings/integrations"
          element={
            <RoleGuard roles={INTEGRATION_VIEWER_ROLES}>
              <IntegrationsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/settings/payments"
          element={
            <RoleGuard roles={INTEGRATION_VIEWER_ROLES}>
              <PaymentSettingsPage />
            </RoleGuard>
          }
        />
        <Route
          path="/settings/communications"
          element={
            <RoleGuard roles={INTEGRATION_VIEWER_ROLES}>
              <CommunicationSettingsPage />
            </RoleGuard>
          }
        />
        <Route
          path={SIMULATED_AUTHORIZE_PATH}
          element={
            <RoleGuard roles={INTEGRATION_MANAGER_ROLES}>
              <SimulatedAuthorizePage />
            </RoleGuard>
          }
        />
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
