import { lazyPage } from "../shell/lazy-page";

// Every page of the app, each loaded on demand (see lazyPage): the first load fetches only the page it shows. A page
// that shows other features' parts is composed in ./pages/ and loaded from there.

export const LandingPage = lazyPage(() => import("../features/marketing/landing-page"), "LandingPage");
export const PricingPage = lazyPage(() => import("../features/marketing/pricing-page"), "PricingPage");
export const IndustriesPage = lazyPage(() => import("../features/marketing/industries-page"), "IndustriesPage");
export const IndustryPage = lazyPage(() => import("../features/marketing/industries-page"), "IndustryPage");
export const LoginPage = lazyPage(() => import("../features/auth/login-page"), "LoginPage");
export const ForgotPasswordPage = lazyPage(() => import("../features/auth/forgot-password-page"), "ForgotPasswordPage");
export const ResetPasswordPage = lazyPage(() => import("../features/auth/reset-password-page"), "ResetPasswordPage");
export const SignupOrInvitationPage = lazyPage(() => import("./pages/signup"), "SignupOrInvitationRoute");
export const OnboardingPage = lazyPage(() => import("../features/onboarding/onboarding-page"), "OnboardingPage");
export const ReviewPage = lazyPage(() => import("../features/review/review-page"), "ReviewPage");
export const ReviewEstimatePage = lazyPage(
  () => import("../features/review/review-estimate-page"),
  "ReviewEstimatePage",
);
export const PortalPage = lazyPage(() => import("../features/review/portal-page"), "PortalPage");

export const AdminDashboardRoute = lazyPage(() => import("./pages/dashboard"), "AdminDashboardRoute");
export const TenantsPage = lazyPage(() => import("../features/admin/tenants-page"), "TenantsPage");
export const FeaturesPage = lazyPage(() => import("../features/admin/features-page"), "FeaturesPage");
export const ResourcesPage = lazyPage(() => import("./pages/admin-resources"), "AdminResourcesRoute");
export const AssistantTranscriptsPage = lazyPage(
  () => import("../features/admin/assistant-transcripts-page"),
  "AssistantTranscriptsPage",
);
export const InstanceAdminPage = lazyPage(() => import("../features/admin/instance-admin-page"), "InstanceAdminPage");
export const MenuEditorPage = lazyPage(() => import("../features/admin/menu-editor-page"), "MenuEditorPage");
export const DashboardPage = lazyPage(() => import("./pages/dashboard"), "DashboardRoute");
export const MessagesPage = lazyPage(() => import("../features/messages/messages-page"), "MessagesPage");
export const CustomersPage = lazyPage(() => import("../features/customers/customers-page"), "CustomersPage");
export const CustomerDetailPage = lazyPage(() => import("./pages/customer-detail"), "CustomerDetailRoute");
export const CustomRecordsPage = lazyPage(
  () => import("../features/custom-objects/custom-records-page"),
  "CustomRecordsPage",
);
export const CustomRecordPage = lazyPage(
  () => import("../features/custom-objects/custom-record-page"),
  "CustomRecordPage",
);
export const JobsPage = lazyPage(() => import("../features/jobs/jobs-page"), "JobsPage");
export const JobDetailPage = lazyPage(() => import("./pages/job-detail"), "JobDetailRoute");
export const LeadsPage = lazyPage(() => import("../features/leads/leads-page"), "LeadsPage");
export const EstimatesPage = lazyPage(() => import("../features/estimates/estimates-page"), "EstimatesPage");
export const EstimatePage = lazyPage(() => import("../features/estimates/estimate-page"), "EstimatePage");
export const CrewsPage = lazyPage(() => import("../features/crews/crews-page"), "CrewsPage");
export const CrewDetailPage = lazyPage(() => import("../features/crews/crew-detail-page"), "CrewDetailPage");
export const SchedulePage = lazyPage(() => import("../features/schedule/schedule-page"), "SchedulePage");
export const PaymentsPage = lazyPage(() => import("../features/invoices/payments-page"), "PaymentsPage");
export const InvoiceDetailPage = lazyPage(
  () => import("../features/invoices/invoice-detail-page"),
  "InvoiceDetailPage",
);
export const SettingsPage = lazyPage(() => import("./pages/settings"), "SettingsRoute");
export const ReportsPage = lazyPage(() => import("../features/reports/reports-page"), "ReportsPage");
export const SecurityPage = lazyPage(() => import("../features/security/security-page"), "SecurityPage");
export const SupportPage = lazyPage(() => import("../features/support/support-page"), "SupportPage");
export const DocumentationPage = lazyPage(
  () => import("../features/documentation/documentation-page"),
  "DocumentationPage",
);
export const PlansPage = lazyPage(() => import("../features/plans/plans-page"), "PlansPage");
export const BuildsPage = lazyPage(() => import("../features/builds/builds-pages"), "BuildsPage");
export const BuildMonitorPage = lazyPage(() => import("../features/builds/builds-pages"), "BuildMonitorPage");
export const BuildPricingPage = lazyPage(() => import("../features/builds/builds-pages"), "BuildPricingPage");
export const IntegrationsPage = lazyPage(
  () => import("../features/integrations/integrations-page"),
  "IntegrationsPage",
);
export const PaymentSettingsPage = lazyPage(
  () => import("../features/integrations/payment-settings"),
  "PaymentSettingsPage",
);
export const CommunicationSettingsPage = lazyPage(
  () => import("../features/integrations/communication-settings"),
  "CommunicationSettingsPage",
);
export const SimulatedAuthorizePage = lazyPage(
  () => import("../features/integrations/simulated-authorize-page"),
  "SimulatedAuthorizePage",
);
export const AutomationsPage = lazyPage(() => import("../features/automations/automations-page"), "AutomationsPage");
export const AutomationPage = lazyPage(() => import("../features/automations/automation-page"), "AutomationPage");
