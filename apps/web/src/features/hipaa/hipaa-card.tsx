import { useState } from "react";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { HIPAA_CHANGES, hipaaEndpoints } from "@fieldops/shared/hipaa";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { PlanUpgradeRequired, planRefusalOf } from "../../components/plan-upgrade-required";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { useCan } from "../../lib/permissions";
import { useSignedInUser } from "../../lib/session";

const hipaaKey = endpointKey(hipaaEndpoints.get);

function WhatItChanges() {
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm">
      {HIPAA_CHANGES.map((change) => (
        <li key={change}>{change}</li>
      ))}
    </ul>
  );
}

/** Turning it on: what it changes, and the business associate agreement the owner acknowledges. */
function TurnOnDialog({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const set = useEndpointMutation(hipaaEndpoints.set, { invalidates: [hipaaKey] });
  const [acknowledged, setAcknowledged] = useState(false);
  const refusal = planRefusalOf(set.error);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn on HIPAA mode?</DialogTitle>
          <DialogDescription>For companies that keep patients' health information. It changes this:</DialogDescription>
        </DialogHeader>
        <WhatItChanges />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} />I
          acknowledge the business associate agreement (BAA) between my company and FieldOps, for my company.
        </label>
        {refusal ? <PlanUpgradeRequired message={refusal.message} requiredPlan={refusal.requiredPlan} /> : null}
        {set.error && !refusal ? (
          <p role="alert" className="text-sm text-destructive">
            {apiErrorMessage(set.error, "HIPAA mode could not be turned on")}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={!acknowledged || set.isPending}
            onClick={() =>
              set.mutate({ body: { enabled: true, acknowledgeBaa: true } }, { onSuccess: () => onOpenChange(false) })
            }
          >
            {set.isPending ? "Turning on…" : "Turn on HIPAA mode"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Settings → HIPAA mode: on or off, what it changes, the BAA acknowledged, and the BAA with the assistant's model
 * provider. Owners change it; the office reads it.
 */
export function HipaaCard() {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const canChange = useCan("compliance.manage");
  const settings = useEndpointQuery(hipaaEndpoints.get, {});
  const set = useEndpointMutation(hipaaEndpoints.set, { invalidates: [hipaaKey] });
  const modelBaa = useEndpointMutation(hipaaEndpoints.setModelBaa, { invalidates: [hipaaKey] });
  const [turningOn, setTurningOn] = useState(false);
  const error = set.error ?? modelBaa.error;
  return (
    <Card role="region" aria-labelledby="hipaa-title">
      <CardHeader>
        <CardTitle id="hipaa-title">HIPAA mode</CardTitle>
        <CardDescription>Protections for patients' health information, enforced by the server (Pro).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.isPending ? (
          <LoadingBlock label="Loading HIPAA mode" />
        ) : settings.isError ? (
          <ErrorBlock
            title={apiErrorMessage(settings.error, "HIPAA mode could not be loaded")}
            retry={() => void settings.refetch()}
            busy={settings.isFetching}
          />
        ) : (
          <>
            <p className="text-sm">
              {settings.data.enabled
                ? `On${settings.data.acknowledgedAt ? ` since ${formatCompanyTime(settings.data.acknowledgedAt, timeZone)}, the BAA acknowledged` : ""}${settings.data.required ? " (your industry requires it)" : ""}.`
                : "Off."}
            </p>
            <WhatItChanges />
            {settings.data.enabled && settings.data.modelConfigured ? (
              <p className="text-sm">
                {settings.data.modelBaaRecordedAt
                  ? `A BAA with the assistant's model provider was recorded ${formatCompanyTime(settings.data.modelBaaRecordedAt, timeZone)}: the assistant uses the model.`
                  : "No BAA with the assistant's model provider is recorded: the assistant answers without the model, and no company data leaves FieldOps."}
              </p>
            ) : null}
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {apiErrorMessage(error, "The change could not be saved")}
              </p>
            ) : null}
            {canChange ? (
              <div className="flex flex-wrap gap-2">
                {!settings.data.enabled ? (
                  <Button onClick={() => setTurningOn(true)}>Turn on HIPAA mode</Button>
                ) : settings.data.required ? null : (
                  <Button
                    variant="outline"
                    disabled={set.isPending}
                    onClick={() => set.mutate({ body: { enabled: false } })}
                  >
                    Turn off HIPAA mode
                  </Button>
                )}
                {settings.data.enabled && settings.data.modelConfigured ? (
                  <Button
                    variant="outline"
                    disabled={modelBaa.isPending}
                    onClick={() => modelBaa.mutate({ body: { recorded: settings.data.modelBaaRecordedAt === null } })}
                  >
                    {settings.data.modelBaaRecordedAt
                      ? "Withdraw the model provider's BAA"
                      : "Record a BAA with the model provider"}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </CardContent>
      {turningOn ? <TurnOnDialog onOpenChange={setTurningOn} /> : null}
    </Card>
  );
}
