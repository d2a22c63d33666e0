import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH } from "@fieldops/shared/app-paths";
import type { ReactNode } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router";
import type { User } from "@fieldops/shared/auth";
import { can, type Capability } from "@fieldops/shared/permissions";
import { DEFAULT_TENANT_HOME, matchTenantPath } from "@fieldops/shared/tenant-routes";
import { AssistantButton, AssistantFrame, LazyAssistantChat } from "../features/assistant/assistant-panel";
import { ImpersonationBanners } from "../features/impersonation/impersonation-banners";
import { StartImpersonation } from "../features/impersonation/start-impersonation";
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
import { AppLayout } from "../shell/app-layout";
import { FullPageLoader } from "../shell/full-page-loader";
import { AppSidebar } from "../shell/app-sidebar";
import { NotFoundPage } from "../shell/not-found-page";
import { RoleGuard } from "../shell/role-guard";
import { tenantNavigation } from "../shell/tenant-navigation";
import { TitleBrandProvider, usePageTitle } from "../shell/page-title";
import { AppModalHost } from "./app-modal-host";
import { LiveReactions } from "./signed-in-layout";
import {
  CrewDetailPage,
  CrewsPage,
  CustomersPage,
  DashboardPage,
  EstimatesPage,
  ForgotPasswordPage,
  IndustryPage,
  IntegrationsPage,
  JobsPage,
  LeadsPage,
  LoginPage,
  PaymentsPage,
  PlansPage,
  ReportsPage,
  ResetPasswordPage,
  ReviewPage,
  SchedulePage,
  AutomationsPage,
  AutomationPage,
  SecurityPage,
  SettingsPage,
  SupportPage,
} from "./pages";

/** The tenant's Chat Assistant: the assistant's chat as a page of its own. */
function ChatAssistantPage() {
  usePageTitle("Chat Assistant");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Chat Assistant</h1>
      <LazyAssistantChat variant="inline" className="min-h-[32rem]" autoFocus />
    </>
  );
}

/** A tenant's sub-route, the app's screen it shows and the capability that screen needs (none: every user of the company). */
interface TenantScreen {
  path: string;
  element: ReactNode;
  capability?: Capability;
}

/**
 * A tenant's sub-routes and the app's screen each one shows (the screens act for the signed-in user's company, which
 * the gate has checked is this tenant): `leads` is the leads screen, `estimator` the estimates, `billing` and
 * `payments` the invoices and payments, `chat` the assistant, `admin` the company's admin dashboard, `features` its
 * plan's features. `login` and `review/:invoiceId` (the customer's page of an invoice, opened without signing in)
 * come before the gate.
 */
export const TENANT_SCREENS: readonly TenantScreen[] = [
  { path: "home", element: <DashboardPage today /> },
  { path: "dashboard", element: <DashboardPage /> },
  { path: "admin", element: <DashboardPage /> },
  { path: "leads", element: <LeadsPage />, capability: "sales.manage" },
  { path: "estimator", element: <EstimatesPage />, capability: "sales.manage" },
  { path: "jobs", element: <JobsPage />, capability: "jobs.manage" },
  { path: "schedule", element: <SchedulePage />, capability: "schedule.manage" },
  { path: "customers", element: <CustomersPage /> },
  { path: "crews", element: <CrewsPage /> },
  { path: "crews/:id", element: <CrewDetailPage /> },
  { path: "billing", element: <PaymentsPage />, capability: "invoices.manage" },
  { path: "payments", element: <PaymentsPage />, capability: "invoices.manage" },
  { path: "reports", element: <ReportsPage />, capability: "reports.read" },
  { path: "automations", element: <AutomationsPage />, capability: "settings.read" },
  { path: "automations/:id", element: <AutomationPage />, capability: "settings.read" },
  { path: "integrations", element: <IntegrationsPage />, capability: "integrations.read" },
  { path: "chat", element: <ChatAssistantPage /> },
  { path: "settings", element: <SettingsPage /> },
  { path: "features", element: <PlansPage /> },
  { path: "plans", element: <PlansPage /> },
  { path: "support", element: <SupportPage /> },
  { path: "security", element: <SecurityPage /> },
];

/** The sub-routes a tenant's pages answer before the gate: its login, and a customer's page of an invoice. */
export const TENANT_OPEN_SUB_ROUTES = ["login", "review/:invoiceId"] as const;

/** Whether `user` may open the tenant's screen at `sub` (the sidebar shows only those), by the guard that screen has. */
export function mayOpenTenantScreen(user: User, sub: string): boolean {
  const capability = TENANT_SCREENS.find((screen) => screen.path === sub)?.capability;
  return capability === undefined || can(user, capability);
}

function TenantLayout({ base, tenantId, tenant }: { base: string; tenantId: string; tenant: TenantView }) {
  return (
    <>
      <LiveReactions>
        <AppLayout
          frame={AssistantFrame}
          headerActions={<AssistantButton />}
          banners={(user) => <ImpersonationBanners user={user} tenantId={tenantId} />}
          style={brandStyle(tenant.primaryColor)}
          sidebar={(user) => (
            <AppSidebar
              user={user}
              header={<TenantSidebarHeader tenant={tenant} />}
              groups={tenantNavigation(base, tenant.features, {
                administration: isTenantAdministrator(user),
                mayOpen: (sub) => mayOpenTenantScreen(user, sub),
              })}
            />
          )}
        />
      </LiveReactions>
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
  if (/^review\/[^/]+$/.test(rest))
    pages = (
      <Routes>
        <Route path={layoutPath ? `${layoutPath}/review/:invoiceId` : "review/:invoiceId"} element={<ReviewPage />} />
      </Routes>
    );
  else if (rest === "login" || !user.data) pages = login;
  else if (needsImpersonation(user.data, config.data))
    pages = <StartImpersonation key={config.data.id} config={config.data} tenantId={tenantId} />;
  else if (!canEnterTenant(user.data, config.data)) pages = login;
  else {
    pages = (
      <Routes>
        <Route path={layoutPath} element={<TenantLayout base={base} tenantId={tenantId} tenant={tenant} />}>
          {TENANT_SCREENS.map(({ path, element, capability }) => (
            <Route
              key={path}
              path={path}
              element={capability ? <RoleGuard capability={capability}>{element}</RoleGuard> : element}
            />
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
      {/* An account's own pages, not the tenant's: a reset link made on the tenant's domain opens here. */}
      <Route path={FORGOT_PASSWORD_PATH} element={<ForgotPasswordPage />} />
      <Route path={RESET_PASSWORD_PATH} element={<ResetPasswordPage />} />
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
