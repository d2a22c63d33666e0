import { useId, useState } from "react";
import { Plus } from "lucide-react";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { firstPlanWithFeature, planFeatureMessage, planHasFeature } from "@fieldops/shared/plans";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { useEstimates } from "./estimate-queries";
import { EstimateTable, NewEstimateDialog } from "./estimates-page";
import { useNewPortalLink, usePortalLinkStatus, useRevokePortalLink } from "./portal-link-queries";
import { useSignedInUser } from "../../lib/session";

function PortalLink({ customerId, timeZone }: { customerId: string; timeZone: string }) {
  const id = useId();
  const status = usePortalLinkStatus(customerId);
  const make = useNewPortalLink(customerId);
  const revoke = useRevokePortalLink(customerId);
  const [url, setUrl] = useState<string | null>(null);
  const [revoking, setRevoking] = useState(false);
  const error = make.error ?? revoke.error;
  return (
    <div className="grid gap-2 text-sm">
      <p>
        {status.data?.active
          ? `A link is live, made ${formatCompanyTime(status.data.createdAt!, timeZone)}${status.data.lastUsedAt ? `, last opened ${formatCompanyTime(status.data.lastUsedAt, timeZone)}` : ", not opened yet"}.`
          : "No live link."}{" "}
        A new link replaces the one before.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={make.isPending}
          onClick={() => make.mutate(null, { onSuccess: setUrl })}
        >
          {status.data?.active ? "New link" : "Create link"}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={make.isPending}
          onClick={() => make.mutate({ email: true, sms: true }, { onSuccess: setUrl })}
        >
          Send a new link
        </Button>
        {status.data?.active ? (
          <Button size="sm" variant="outline" onClick={() => setRevoking(true)}>
            Revoke
          </Button>
        ) : null}
      </div>
      {url ? (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-portal`}>Portal link</Label>
          <Input id={`${id}-portal`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <p className="text-xs text-muted-foreground">
            Anyone with this link sees this customer's visits, estimates and invoices. It is shown only now.
          </p>
        </div>
      ) : null}
      {error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{apiErrorMessage(error)}</AlertDescription>
        </Alert>
      ) : null}
      <ConfirmDialog
        open={revoking}
        onOpenChange={setRevoking}
        title="Revoke the portal link?"
        description="The link stops working at once, for anyone who has it."
        action="Revoke"
        destructive
        pending={revoke.isPending}
        error={null}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setUrl(null);
              setRevoking(false);
            },
          })
        }
      />
    </div>
  );
}

/** A customer's estimates, on their page, for the office. */
export function CustomerEstimates({ customerId }: { customerId: string }) {
  const estimates = useEstimates({ customerId });
  const [creating, setCreating] = useState(false);
  const estimateItems = estimates.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <Card className="md:col-span-2">
        <CardHeader className="flex flex-row items-center justify-between gap-2">
          <CardTitle>Estimates</CardTitle>
          <Button size="sm" variant="outline" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> New estimate
          </Button>
        </CardHeader>
        <CardContent>
          {estimateItems.length === 0 ? (
            <p className="text-sm text-muted-foreground">{estimates.isPending ? "Loading…" : "No estimates yet."}</p>
          ) : (
            <EstimateTable items={estimateItems} showCustomer={false} />
          )}
        </CardContent>
      </Card>
      {creating ? <NewEstimateDialog onOpenChange={setCreating} customerId={customerId} /> : null}
    </>
  );
}

/** A customer's portal link (made, sent, revoked), on their page, for the office; a Growth feature. */
export function CustomerPortal({ customerId }: { customerId: string }) {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  const portalAllowed = company.data ? planHasFeature(company.data.planId, "portal") : false;
  return (
    <Card className="md:col-span-2">
      <CardHeader>
        <CardTitle>Customer portal</CardTitle>
      </CardHeader>
      <CardContent>
        {!company.data ? null : portalAllowed ? (
          <PortalLink customerId={customerId} timeZone={company.data.timeZone} />
        ) : (
          <PlanUpgradeRequired
            compact
            message={planFeatureMessage("portal", "The customer portal")}
            requiredPlan={firstPlanWithFeature("portal").id}
          />
        )}
      </CardContent>
    </Card>
  );
}
