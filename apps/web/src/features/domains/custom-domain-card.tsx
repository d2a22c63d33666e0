import { useId, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { customDomainEndpoints } from "@fieldops/shared/custom-domain";
import { firstPlanWithFeature, planFeatureMessage, planHasFeature } from "@fieldops/shared/plans";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";
import { useSignedInUser } from "../../lib/session";

function useCustomDomain(enabled: boolean) {
  return useEndpointQuery(customDomainEndpoints.get, {}, { enabled });
}

type DomainCall = { action: "set"; domain: string } | { action: "verify" } | { action: "remove" };

/** Setting, verifying and removing the domain, one at a time: each answers with the domain as it now is. */
function useCustomDomainCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: DomainCall) =>
      call.action === "set"
        ? callEndpoint(customDomainEndpoints.set, { body: { domain: call.domain } })
        : call.action === "verify"
          ? callEndpoint(customDomainEndpoints.verify)
          : callEndpoint(customDomainEndpoints.remove),
    onSuccess: (domain) => queryClient.setQueryData(endpointKey(customDomainEndpoints.get), domain),
  });
}

/** The company's own domain (Suite): set it, publish the TXT record it shows, verify it; then the tenant answers on it. */
export function CustomDomainCard() {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const suite = company.data ? planHasFeature(company.data.planId, "custom_domain") : false;
  const domain = useCustomDomain(suite);
  const call = useCustomDomainCall();
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const titleId = useId();
  if (!company.data) return null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    call.mutate({ action: "set", domain: draft }, { onSuccess: () => setDraft("") });
  };
  const current = domain.data;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Custom domain</CardTitle>
        <CardDescription>Serve your pages on a domain of your own, under your brand alone.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!suite ? (
          <PlanUpgradeRequired
            compact
            message={planFeatureMessage("custom_domain")}
            requiredPlan={firstPlanWithFeature("custom_domain").id}
          />
        ) : (
          <>
            {current?.domain ? (
              <div className="grid gap-2 text-sm">
                <p className="flex items-center gap-2">
                  <span className="font-medium">{current.domain}</span>
                  <Badge variant={current.verifiedAt ? "secondary" : "outline"}>
                    {current.verifiedAt ? "Verified" : "Not verified"}
                  </Badge>
                </p>
                {current.verifiedAt ? null : (
                  <p>
                    Add a TXT record named <code className="rounded bg-muted px-1">{current.recordName}</code> with the
                    value <code className="rounded bg-muted px-1 break-all">{current.recordValue}</code>, then verify.
                  </p>
                )}
                <div className="flex flex-wrap gap-2">
                  {current.verifiedAt ? null : (
                    <Button size="sm" disabled={call.isPending} onClick={() => call.mutate({ action: "verify" })}>
                      Verify
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={call.isPending}
                    onClick={() => call.mutate({ action: "remove" })}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            ) : null}
            <form className="grid max-w-md gap-2" onSubmit={save}>
              <Label htmlFor={inputId}>{current?.domain ? "Change the domain" : "Domain"}</Label>
              <div className="flex gap-2">
                <Input
                  id={inputId}
                  value={draft}
                  onChange={(event) => setDraft(event.target.value)}
                  placeholder="app.example.com"
                  autoComplete="off"
                />
                <Button type="submit" disabled={call.isPending || draft.trim() === ""}>
                  Save
                </Button>
              </div>
            </form>
            {call.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {apiErrorMessage(call.error)}
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
