import { Link } from "react-router";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { automationEndpoints, type Automation } from "@fieldops/shared/automations";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { NoCompanyNotice } from "../../components/no-company-notice";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { useCan } from "../../lib/permissions";
import { useSignedInUser } from "../../lib/session";
import { usePageTitle } from "../../shell/page-title";
import { actionsInWords, timingInWords } from "./automation-words";

export const automationsKey = endpointKey(automationEndpoints.list);

function AutomationRow({
  automation,
  canManage,
  timeZone,
}: {
  automation: Automation;
  canManage: boolean;
  timeZone: string;
}) {
  const setEnabled = useEndpointMutation(automationEndpoints.setEnabled, { invalidates: [automationsKey] });
  return (
    <li className="grid gap-2 py-4 first:pt-0 last:pb-0 sm:grid-cols-[2fr_1fr_auto] sm:items-center">
      <div className="grid gap-0.5">
        <Link to={`/automations/${automation.id}`} className="font-medium underline-offset-4 hover:underline">
          {automation.name}
        </Link>
        <span className="text-sm text-muted-foreground">
          {timingInWords(automation)} · {actionsInWords(automation.actions)}
        </span>
        {setEnabled.error ? (
          <span role="alert" className="text-sm text-destructive">
            {apiErrorMessage(setEnabled.error, "The automation could not be changed")}
          </span>
        ) : null}
      </div>
      <span className="text-sm text-muted-foreground">
        {automation.scheduledRuns} waiting
        {automation.lastRunAt ? ` · last ran ${formatCompanyTime(automation.lastRunAt, timeZone)}` : ""}
      </span>
      <span className="flex items-center gap-2">
        <Badge variant={automation.enabled ? "default" : "secondary"}>{automation.enabled ? "On" : "Off"}</Badge>
        {canManage ? (
          <Button
            size="sm"
            variant="outline"
            disabled={setEnabled.isPending}
            aria-label={`${automation.enabled ? "Turn off" : "Turn on"} ${automation.name}`}
            onClick={() => setEnabled.mutate({ params: { id: automation.id }, body: { enabled: !automation.enabled } })}
          >
            {automation.enabled ? "Turn off" : "Turn on"}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

function AutomationList() {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const canManage = useCan("automations.manage");
  const automations = useEndpointQuery(automationEndpoints.list, {});
  return (
    <Card role="region" aria-labelledby="automations-title">
      <CardHeader>
        <CardTitle id="automations-title">Your automations</CardTitle>
        <CardDescription>
          Each one acts on its own when its trigger happens: a reminder the day before a visit, a follow-up on an
          overdue invoice. A run is checked again when it fires, so a visit moved since is reminded at its new time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {automations.isPending ? (
          <LoadingBlock label="Loading automations" />
        ) : automations.isError ? (
          <ErrorBlock
            title={apiErrorMessage(automations.error, "The automations could not be loaded")}
            retry={() => void automations.refetch()}
            busy={automations.isFetching}
          />
        ) : automations.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No automations yet.</p>
        ) : (
          <ul aria-label="Automations" className="divide-y">
            {automations.data.items.map((automation) => (
              <AutomationRow key={automation.id} automation={automation} canManage={canManage} timeZone={timeZone} />
            ))}
          </ul>
        )}
        {canManage ? (
          <div>
            <Button asChild>
              <Link to="/automations/new">New automation</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** `/automations`: the company's automations, on or off, with what each does and when. */
export function AutomationsPage() {
  usePageTitle("Automations");
  const user = useSignedInUser();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Automations</h1>
      {user.companyId === null ? (
        <NoCompanyNotice>You do not belong to a company, so there are no automations to show.</NoCompanyNotice>
      ) : (
        <AutomationList />
      )}
    </>
  );
}
