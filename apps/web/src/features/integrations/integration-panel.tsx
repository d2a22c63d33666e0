import { useState } from "react";
import { TriangleAlert } from "lucide-react";
import type { IntegrationConnection } from "@fieldops/shared/integrations";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { useDisconnectIntegration, useStartIntegration } from "./integration-queries";
import { apiErrorMessage } from "../../lib/api-error";

export const MANAGE_REFUSED = "Only owners and admins can connect or disconnect integrations.";

/** Why the user cannot connect or disconnect, or null when they can. The server checks the same. */
export function integrationBlocker(item: IntegrationConnection, canManage: boolean): string | null {
  if (!item.available && !item.connected) return `${item.name} requires the ${item.requiredPlan} plan or higher.`;
  if (!canManage) return MANAGE_REFUSED;
  return null;
}

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}

/** Says, where nothing reaches the provider, that the connection is simulated. */
export function SimulatedNotice({ item }: { item: IntegrationConnection }) {
  if (!item.simulated) return null;
  return (
    <div
      role="note"
      className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        Simulated: this server has no {item.name} credentials, so{" "}
        {item.connected ? "this connection was made" : "connecting goes"} through a stand-in page and nothing is sent to{" "}
        {item.name}.
      </p>
    </div>
  );
}

/** One integration: what it does, whether it is connected (and by whom), and connect or disconnect. */
export function IntegrationPanel({ item, canManage }: { item: IntegrationConnection; canManage: boolean }) {
  const start = useStartIntegration();
  const disconnect = useDisconnectIntegration();
  const [confirming, setConfirming] = useState(false);
  const blocker = integrationBlocker(item, canManage);
  const titleId = `integration-${item.provider}-title`;
  const reasonId = `integration-${item.provider}-reason`;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id={titleId} className="text-lg">
            {item.name}
          </CardTitle>
          <Badge variant={item.connected ? "default" : "outline"}>
            {item.connected ? "Connected" : "Not connected"}
          </Badge>
          {item.simulated ? <Badge variant="secondary">Simulated</Badge> : null}
          {item.reconnectNeeded ? <Badge variant="destructive">Reconnect needed</Badge> : null}
        </div>
        <CardDescription>{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {item.connected ? (
          <p>
            {item.accountName ?? item.name}
            {item.connectedAt ? ` · connected ${formatDate(item.connectedAt)}` : ""}
            {item.connectedBy ? ` by ${item.connectedBy}` : ""}
          </p>
        ) : null}
        {item.reconnectNeeded ? (
          <p role="alert" className="text-destructive">
            {item.name} stopped accepting this app's access (it was revoked or expired there). Disconnect it and connect
            it again.
          </p>
        ) : null}
        <SimulatedNotice item={item} />
        {blocker && !item.available && !item.connected ? (
          <div id={reasonId}>
            <PlanUpgradeRequired message={blocker} />
          </div>
        ) : blocker ? (
          <p id={reasonId} className="text-muted-foreground">
            {blocker}
          </p>
        ) : null}
        {start.isError ? (
          <p className="text-destructive" role="alert">
            {apiErrorMessage(start.error)}
          </p>
        ) : null}
        {disconnect.isError ? (
          <p className="text-destructive" role="alert">
            {apiErrorMessage(disconnect.error)}
          </p>
        ) : null}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {!item.connected ? (
          <Button
            disabled={blocker !== null || start.isPending || start.isSuccess}
            aria-describedby={blocker ? reasonId : undefined}
            onClick={() => start.mutate(item.provider)}
          >
            {start.isPending || start.isSuccess ? "Connecting…" : `Connect ${item.name}`}
          </Button>
        ) : confirming ? (
          <div role="group" aria-label={`Disconnect ${item.name}?`} className="flex flex-wrap items-center gap-2">
            <span>Disconnect {item.name}? Its stored access is deleted.</span>
            <Button
              variant="destructive"
              disabled={disconnect.isPending}
              onClick={() =>
                disconnect.mutate({ params: { provider: item.provider } }, { onSuccess: () => setConfirming(false) })
              }
            >
              {disconnect.isPending ? "Disconnecting…" : "Yes, disconnect"}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button
            variant="outline"
            disabled={blocker !== null}
            aria-describedby={blocker ? reasonId : undefined}
            onClick={() => setConfirming(true)}
          >
            Disconnect
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
