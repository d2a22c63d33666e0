import type { ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import { INTEGRATION_VIEWER_ROLES } from "@fieldops/shared/integrations";
import { DEFAULT_TENANT_HOME, matchTenantPath } from "@fieldops/shared/tenant-routes";
import { AssistantButton, AssistantFrame } from "../features/assistant/assistant-panel";
import { AssistantChat } from "../features/assistant/assistant-chat";
import { LoginPage } from "../features/auth/login-page";
import { CrewDetailPage } from "../features/crews/crew-detail-page";
import { CrewsPage } from "../features/crews/crews-page";
import { CustomersPage } from "../features/customers/customers-page";
import { DashboardRoute } from "./pages/dashboard";
import { EstimatesPage } from "../features/estimates/estimates-page";
import { IntegrationsPage } from "../features/integrations/integrations-page";
import { JobsPage } from "../features/jobs/jobs-page";
import { LeadsPage } from "../features/leads/leads-page";
import { ImpersonationBanners } from "../features/impersonation/impersonation-banners";
import { StartImpersonation } from "../features/impersonation/start-impersonation";
import { IndustryPage } from "../features/marketing/industries-page";
import { PlansPage } from "../features/plans/plans-page";
import { SchedulePage } from "../features/schedule/schedule-page";
import { SecurityPage } from "../features/security/security-page";
import { SettingsRoute } from "./pages/settings";
import { SupportPage } from "../features/support/support-page";
import { brandStyle } from "../features/tenants/brand-style";
import {
  canEnterTenant,
  isTenantAdministrator,
  needsImpersonation,
  tenantView,
  useTenantConfig,
  type TenantView,
} from "../features/tenants/tenant-config";
import { TenantErrorPage } from "../features/tenants/tenant-error";
import { TenantSidebarHeader } from "../features/tenants/tenant-sidebar-header";
import { useUser } from "../lib/session";
import { AppLayout, FullPageLoader } from "../shell/app-layout";
import { AppSidebar } from "../shell/app-sidebar";
import { NotFoundPage } from "../shell/not-found-page";
import { RoleGuard } from "../shell/role-guard";
import { SectionPageView } from "../shell/section-page";
import { SECTION_PAGES } from "../shell/section-pages";
import { tenantNavigation } from "../shell/tenant-navigation";
import { TitleBrandProvider } from "../shell/page-title";
import { AppModalHost } from "./app-modal-host";

const JOB_MANAGERS = ["owner", "member"] as const;

function sectionPage(path: string) {
  const page = SECTION_PAGES.find((candidate) => candidate.path === path);
  return page ? <SectionPageView page={page} /> : <NotFoundPage inApp />;
}

/**
 * A tenant's sub-routes and the app's screen each one shows (the screens act for the signed-in user's company, which
 * the gate has checked is this tenant): `leads` is the leads screen, `estimator` the estimates, `billing` and
 * `payments` the payments, `chat` the assistant, `admin` the company's admin dashboard, `features` its plan's features.
 */
const TENANT_SCREENS: readonly { path: string; element: ReactNode }[] = [
  { path: "home", element: <DashboardRoute today /> },
  { path: "dashboard", element: <DashboardRoute /> },
  { path: "admin", element: <DashboardRoute /> },
  {
    path: "leads",
    element: (
      <RoleGuard roles={JOB_MANAGERS}>
        <LeadsPage />
      </RoleGuard>
    ),
  },
  {
    path: "estimator",
    element: (
      <RoleGuard roles={JOB_MANAGERS}>
        <EstimatesPage />
      </RoleGuard>
    ),
  },
  {
    path: "jobs",
    element: (
      <RoleGuard roles={JOB_MANAGERS}>
        <JobsPage />
      </RoleGuard>
    ),
  },
  {
    path: "schedule",
    element: (
      <RoleGuard roles={JOB_MANAGERS}>
        <SchedulePage />
      </RoleGuard>
    ),
  },
  { path: "customers", element: <CustomersPage /> },
  { path: "crews", element: <CrewsPage /> },
  { path: "crews/:id", element: <CrewDetailPage /> },
  { path: "billing", element: sectionPage("/payments") },
  { path: "payments", element: sectionPage("/payments") },
  { path: "reports", element: sectionPage("/reports") },
  { path: "review/:invoiceId", element: sectionPage("/review/:invoiceId") },
  { path: "automations/:id", element: sectionPage("/automations/:id") },
  {
    path: "integrations",
    element: (
      <RoleGuard roles={INTEGRATION_VIEWER_ROLES}>
        <IntegrationsPage />
      </RoleGuard>
    ),
  },
  { path: "chat", element: <AssistantChat variant="inline" className="min-h-[32rem]" autoFocus /> },
  { path: "settings", element: <SettingsRoute /> },
  { path: "features", element: <PlansPage /> },
  { path: "plans", element: <PlansPage /> },
  { path: "support", element: <SupportPage /> },
  { path: "security", element: <SecurityPage /> },
];

function TenantLayout({ base, tenantId, tenant }: { base: string; tenantId: string; tenant: TenantView }) {
  return (
    <>
      <AppLayout
        frame={AssistantFrame}
        headerActions={<AssistantButton />}
        banners={(user) => <ImpersonationBanners user={user} tenantId={tenantId} />}
        style={brandStyle(tenant.primaryColor)}
        sidebar={(user) => (
          <AppSidebar
            user={user}
            header={<TenantSidebarHeader tenant={tenant} />}
            groups={tenantNavigation(base, tenant.features, isTenantAdministrator(user))}
          />
        )}
      />
      <AppModalHost />
    </>
  );
}

/**
 * A tenant's pages, at /{slug}/… or /{industry}/{slug}/…: the tenant's config first (its errors have their own page),
 * the bare path to the tenant's home, a platform admin who does not belong to it into an impersonation of it, its
 * login to anyone else who may not enter it, else its screens in its sidebar.
 */
function TenantPages({
  tenantId,
  industry,
  base,
  rest,
}: {
  tenantId: string;
  industry: string | null;
  base: string;
  rest: string;
}) {
  const config = useTenantConfig(tenantId);
  const user = useUser();
  if (config.isPending || user.isPending) return <FullPageLoader />;
  if (config.isError) return <TenantErrorPage error={config.error} />;
  const tenant = tenantView(config.data);
  const home = `${base}/${config.data.homePath || DEFAULT_TENANT_HOME}`;
  const login = <LoginPage tenant={{ name: tenant.name, logo: config.data.branding.logo, afterLogin: home }} />;
  if (rest === "") return <Navigate to={home} replace />;
  const layoutPath = industry ? `${tenantId}` : undefined;
  let pages: ReactNode;
  if (rest === "login" || !user.data) pages = login;
  else if (needsImpersonation(user.data, config.data))
    pages = <StartImpersonation key={config.data.id} config={config.data} tenantId={tenantId} />;
  else if (!canEnterTenant(user.data, config.data)) pages = login;
  else {
    pages = (
      <Routes>
        <Route path={layoutPath} element={<TenantLayout base={base} tenantId={tenantId} tenant={tenant} />}>
          {TENANT_SCREENS.map((screen) => (
            <Route key={screen.path} path={screen.path} element={screen.element} />
          ))}
          <Route path="*" element={<NotFoundPage inApp />} />
        </Route>
      </Routes>
    );
  }
  // White label: the tenant's pages carry its name, never the product's.
  return config.data.whiteLabel ? (
    <TitleBrandProvider brand={tenant.name} icon={config.data.branding.logo}>
      {pages}
    </TitleBrandProvider>
  ) : (
    pages
  );
}

/**
 * The pages of the tenant whose own domain this is, at the root of the domain. Its config is asked for by the host
 * name, which the server resolves to the tenant that verified it.
 */
export function HostTenantRoutes() {
  const { pathname } = useLocation();
  const host = window.location.hostname;
  return (
    <Routes>
      <Route
        path="/*"
        element={<TenantPages tenantId={host} industry={null} base="" rest={pathname.replace(/^\/+|\/+$/g, "")} />}
      />
    </Routes>
  );
}

/**
 * Every path whose first word the app has no route for: the legacy /t/{slug}… form, an industry's page, or a tenant's
 * pages; a reserved word without a page of its own is not found.
 */
export function TenantOrIndustryRoute() {
  const { pathname, search } = useLocation();
  const match = matchTenantPath(pathname);
  if (match.kind === "legacy") return <Navigate to={`${match.to}${search}`} replace />;
  if (match.kind === "industry") return <IndustryPage slug={match.industry} />;
  if (match.kind === "app") return <NotFoundPage />;
  return (
    <TenantPages
      key={match.base}
      tenantId={match.tenantId}
      industry={match.industry}
      base={match.base}
      rest={match.rest}
    />
  );
}
