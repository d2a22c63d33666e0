import { useSearchParams } from "react-router";
import {
  INTEGRATION_INFO,
  integrationEndpoints,
  integrationProviderSchema,
  type IntegrationCallbackQuery,
} from "@fieldops/shared/integrations";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { endpointUrl } from "../../lib/endpoints";
import { usePageTitle } from "../../shell/page-title";

/**
 * Stands in for a provider's consent screen when the server has no credentials for it: it says so, and its two
 * answers go to the same callback a provider would send the browser to.
 */
export function SimulatedAuthorizePage() {
  usePageTitle("Simulated connection");
  const [params] = useSearchParams();
  const provider = integrationProviderSchema.safeParse(params.get("provider"));
  const state = params.get("state") ?? "";
  if (!provider.success || !state) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight">Simulated connection</h1>
        <p>This link is incomplete. Start the connection again from Settings, Integrations.</p>
      </>
    );
  }
  const name = INTEGRATION_INFO[provider.data].name;
  const callback = (answer: IntegrationCallbackQuery) =>
    endpointUrl(integrationEndpoints.callback, { params: { provider: provider.data }, query: { state, ...answer } });
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Connect {name} (simulated)</h1>
      <Card role="region" aria-labelledby="simulated-title" className="max-w-xl">
        <CardHeader>
          <CardTitle id="simulated-title">This connection is simulated</CardTitle>
          <CardDescription>
            This server has no {name} credentials, so this page stands in for {name}'s sign-in and consent screen.
            Nothing is sent to {name}, and nothing your company does is shared with it.
          </CardDescription>
        </CardHeader>
        <CardContent className="text-sm">
          <p>
            Allowing records a simulated {name} connection for your company, marked as simulated everywhere it is shown.
          </p>
        </CardContent>
        <CardFooter className="flex gap-2">
          <Button asChild>
            <a href={callback({ code: "simulated" })}>Allow simulated connection</a>
          </Button>
          <Button asChild variant="outline">
            <a href={callback({ error: "access_denied" })}>Cancel</a>
          </Button>
        </CardFooter>
      </Card>
    </>
  );
}
