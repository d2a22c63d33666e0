import { useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { TenantConfig } from "@fieldops/shared/tenants";
import { Button } from "../../components/ui/button";
import { FullPageLoader } from "../../shell/full-page-loader";
import { usePageTitle } from "../../shell/page-title";
import { enterAsPlatformAdmin } from "./impersonation-api";

/**
 * Starts the impersonation of the tenant, then reloads what was read as the admin: the signed-in user becomes the
 * impersonation, and the tenant's screens open. A refusal is shown as the server said it.
 */
export function StartImpersonation({ config, tenantId }: { config: TenantConfig; tenantId: string }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  usePageTitle(error ? "Impersonation failed" : `Opening ${config.branding.name}`);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    enterAsPlatformAdmin(config.id, tenantId).then(
      () => queryClient.resetQueries(),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [config.id, tenantId, queryClient]);
  if (!error) return <FullPageLoader />;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Could not open {config.branding.name} as an admin</h1>
      <p role="alert" className="max-w-md text-destructive">
        {error}
      </p>
      <Button asChild>
        <Link to="/admin-dashboard">Back to Admin Dashboard</Link>
      </Button>
    </main>
  );
}
