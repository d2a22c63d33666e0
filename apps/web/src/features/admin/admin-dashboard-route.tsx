import { DashboardPage } from "../dashboard/dashboard-page";
import { AdminDashboardPage } from "./admin-dashboard-page";
import { useSignedInUser } from "../../lib/session";

/** /admin-dashboard: the platform's dashboard for the admin role; for an owner, their company's dashboard. */
export function AdminDashboardRoute() {
  const user = useSignedInUser();
  return user.role === "admin" ? <AdminDashboardPage /> : <DashboardPage />;
}
