import { AdminDashboardPage } from "../../features/admin/admin-dashboard-page";
import { PendingApprovals } from "../../features/approvals/pending-approvals";
import { LazyAssistantChat } from "../../features/assistant/assistant-panel";
import { DashboardPage, type DashboardParts } from "../../features/dashboard/dashboard-page";
import { useCan } from "../../lib/permissions";

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
