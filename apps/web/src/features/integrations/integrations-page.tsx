import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import {
  INTEGRATION_CALLBACK_RESULTS,
  INTEGRATION_INFO,
  integrationCallbackResultSchema,
  integrationProviderSchema,
} from "@fieldops/shared/integrations";
import type { User } from "@fieldops/shared/auth";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Skeleton } from "../../components/ui/skeleton";
import { usePageTitle } from "../../shell/page-title";
import { IntegrationPanel } from "./integration-panel";
import { QuickBooksSyncCard } from "./quickbooks-sync-card";
import { useIntegrations } from "./integration-queries";
import { apiErrorMessage } from "../../lib/api-error";
import { useSignedInUser } from "../../lib/session";

/** What the provider's redirect back came to, from the callback's `?provider=…&result=…`. */
function CallbackResult() {
  const [params] = useSearchParams();
  const provider = integrationProviderSchema.safeParse(params.get("provider"));
  const result = integrationCallbackResultSchema.safeParse(params.get("result"));
  if (!provider.success || !result.success) return null;
  const name = INTEGRATION_INFO[provider.data].name;
  const connected = result.data === "connected";
  return (
    <Alert variant={connected ? "default" : "destructive"}>
      <AlertTitle>{connected ? `${name} connected` : `${name} was not connected`}</AlertTitle>
      {connected ? null : <AlertDescription>{INTEGRATION_CALLBACK_RESULTS[result.data]}</AlertDescription>}
    </Alert>
  );
}

export function LoadingPanels({ label }: { label: string }) {
  return (
    <div className="grid gap-3" role="status" aria-label={label}>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

/**
 * What a company's settings panel shows instead of its data: a note for a user without a company, the loading
 * placeholder, or the error; null once the data is there.
 */
export function settingsFallback(
  user: User,
  query: { isPending: boolean; isError: boolean; error: unknown },
  what: string,
): ReactNode {
  if (user.companyId === null) return <p>{what} belong to a company; a platform administrator has none.</p>;
  if (query.isPending) return <LoadingPanels label={`Loading ${what.toLowerCase()}`} />;
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>{what} could not be loaded</AlertTitle>
        <AlertDescription>{apiErrorMessage(query.error)}</AlertDescription>
      </Alert>
    );
  }
  return null;
}

/** QuickBooks, Stripe and Twilio for the user's company; the page and the `settings.integrations` modal. */
export function IntegrationList({ user }: { user: User }) {
  const integrations = useIntegrations(user.companyId !== null);
  if (!integrations.isSuccess) return settingsFallback(user, integrations, "Integrations");
  return (
    <div className="grid gap-4">
      {integrations.data.items.map((item) => (
        <IntegrationPanel key={item.provider} item={item} canManage={integrations.data.canManage} />
      ))}
      {integrations.data.items.some((item) => item.provider === "quickbooks" && item.connected && !item.simulated) ? (
        <QuickBooksSyncCard canManage={integrations.data.canManage} />
      ) : null}
    </div>
  );
}

/** /integrations and /settings/integrations. */
export function IntegrationsPage() {
  usePageTitle("Integrations");
  const user = useSignedInUser();
  return (
    <>
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Integrations</h1>
        <p className="text-muted-foreground">
          Connect your accounting, payments and text messaging. Owners and admins connect; everyone else can see what is
          connected.
        </p>
      </div>
      <CallbackResult />
      <IntegrationList user={user} />
    </>
  );
}
