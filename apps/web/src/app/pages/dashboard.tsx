import { PendingApprovals } from "../../features/approvals/pending-approvals";
import { LazyAssistantChat } from "../../features/assistant/assistant-panel";
import { DashboardPage, type DashboardParts } from "../../features/dashboard/dashboard-page";
import { useCan } from "../../lib/permissions";
import { lazyPage } from "../../shell/lazy-page";

// The platform's dashboard loads only for a platform admin: owners land on /admin-dashboard too.
const AdminDashboardPage = lazyPage(() => import("../../features/admin/admin-dashboard-page"), "AdminDashboardPage");

const DASHBOARD_PARTS: DashboardParts = {
  AssistantChat: () => <LazyAssistantChat variant="inline" />,
  PendingApprovals,
};

/** The company's dashboard with the assistant's chat and the pending approvals; `today` starts with the day's work. */
export function DashboardRoute({ today = false }: { today?: boolean }) {
  return <DashboardPage today={today} parts={DASHBOARD_PARTS} />;
}

/** /admin-dashboard: the platform's dashboard for the admin role; for an owner, their company's dashboard. */
export function AdminDashboardRoute() {
  return useCan("platform.manage") ? <AdminDashboardPage /> : <DashboardRoute />;
}
