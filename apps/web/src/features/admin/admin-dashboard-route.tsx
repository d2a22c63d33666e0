import { DashboardPage } from "../dashboard/dashboard-page";
import { useCan } from "../../lib/permissions";
import { AdminDashboardPage } from "./admin-dashboard-page";

/** /admin-dashboard: the platform's dashboard for the admin role; for an owner, their company's dashboard. */
export function AdminDashboardRoute() {
  return useCan("platform.manage") ? <AdminDashboardPage /> : <DashboardPage />;
}
