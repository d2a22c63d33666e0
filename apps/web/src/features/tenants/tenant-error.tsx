import { Link } from "react-router";
import { TENANT_CONFIG_FAILED, TENANT_NOT_FOUND } from "@fieldops/shared/tenants";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { usePageTitle } from "../../shell/page-title";

/** A tenant's pages when its config did not come: not found (404), or failed to load. */
export function TenantErrorPage({ error }: { error: unknown }) {
  const message = error instanceof ApiError && error.status === 404 ? TENANT_NOT_FOUND : TENANT_CONFIG_FAILED;
  usePageTitle(message);
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{message}</h1>
      <p className="max-w-sm text-muted-foreground">
        {message === TENANT_NOT_FOUND
          ? "No company has this address. Check the link you followed."
          : "Check your connection and try again."}
      </p>
      <Button asChild>
        <Link to="/admin-dashboard">Back to Admin Dashboard</Link>
      </Button>
    </main>
  );
}
