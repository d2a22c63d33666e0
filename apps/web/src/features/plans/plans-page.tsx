import { useState } from "react";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import {
  PLANS,
  UNLIMITED,
  type Plan,
  type PlanId,
  type PlanLimitName,
  type PlanOverview,
} from "@fieldops/shared/plans";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { useCan } from "../../lib/permissions";
import { usePageTitle } from "../../shell/page-title";
import { PlanCatalog } from "../../components/plan-catalog";
import { useChangePlan, usePlanOverview } from "./plan-queries";
import { apiErrorMessage } from "../../lib/api-error";

export const NO_BILLING_NOTE =
  "There is no billing yet: choosing a plan takes effect at once, ends the free trial, and is recorded in your company's audit log.";

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One limit: how much is used of what the plan allows, with a bar that warns as it fills. */
function UsageMeter({ label, used, limit, unit = "" }: { label: string; used: number; limit: number; unit?: string }) {
  const unlimited = limit === UNLIMITED;
  const share = unlimited || limit === 0 ? 0 : Math.min(1, used / limit);
  const shown = unit ? used.toFixed(used < 10 ? 1 : 0) : used.toLocaleString("en-US");
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">
          {shown}
          {unit} of {unlimited ? "unlimited" : `${limit.toLocaleString("en-US")}${unit}`}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={unlimited ? undefined : limit}
        aria-valuenow={used}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={share >= 1 ? "h-full bg-destructive" : share >= 0.8 ? "h-full bg-amber-500" : "h-full bg-primary"}
          style={{ width: `${unlimited ? Math.min(100, used > 0 ? 4 : 0) : Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}

function usageRows(overview: PlanOverview): { key: PlanLimitName; label: string; unit?: string }[] {
  return [
    { key: "jobsPerMonth", label: `${capitalize(overview.nouns.jobs)} this month` },
    { key: "teamMembers", label: "Team members" },
    { key: "customers", label: capitalize(overview.nouns.customers) },
    { key: "storageGb", label: "Storage", unit: "GB" },
  ];
}

function CurrentPlan({ overview }: { overview: PlanOverview }) {
  const plan = PLANS[overview.planId];
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">Your plan: {plan.name}</CardTitle>
          {overview.trialState === "active" ? <Badge variant="secondary">Free trial</Badge> : null}
          {overview.trialState === "ended" ? (
            <Badge variant="outline" className="border-destructive/50 text-destructive">
              Trial ended
            </Badge>
          ) : null}
        </div>
        <CardDescription>
          {overview.trialState === "active" && overview.trialEndsAt ? (
            <>
              Your free trial ends{" "}
              <time dateTime={overview.trialEndsAt}>{formatCompanyTime(overview.trialEndsAt, overview.timeZone)}</time>.
              Choose a plan before then to keep making changes.
            </>
          ) : overview.trialState === "ended" ? (
            "Your free trial has ended. Your data is kept and you can still view it; choose a plan to keep making changes."
          ) : (
            `$${plan.price}/month ${plan.currency}.`
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {usageRows(overview).map((row) => (
          <UsageMeter
            key={row.key}
            label={row.label}
            used={overview.usage[row.key]}
            limit={plan.limits[row.key]}
            unit={row.unit}
          />
        ))}
      </CardContent>
    </Card>
  );
}

/** The button of a plan's card: what choosing it means from where the company stands. */
function actionLabel(plan: Plan, overview: PlanOverview): string | null {
  if (plan.id === overview.planId) return overview.trialState === "none" ? null : `Choose ${plan.name}`;
  const direction = plan.price > PLANS[overview.planId].price || plan.id === "suite" ? "Upgrade" : "Downgrade";
  return `${direction} to ${plan.name}`;
}

function ConfirmChange({
  target,
  overview,
  onClose,
}: {
  target: Plan | null;
  overview: PlanOverview;
  onClose: () => void;
}) {
  const change = useChangePlan();
  const current = PLANS[overview.planId];
  const same = target?.id === overview.planId;
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          change.reset();
          onClose();
        }
      }}
    >
      <DialogContent>
        {target ? (
          <>
            <DialogHeader>
              <DialogTitle>
                {same ? `Choose the ${target.name} plan?` : `Move from ${current.name} to ${target.name}?`}
              </DialogTitle>
              <DialogDescription>
                {target.name} is ${target.price}/month {target.currency}. {NO_BILLING_NOTE}
              </DialogDescription>
            </DialogHeader>
            {change.isError ? (
              <Alert variant="destructive">
                <AlertTitle>The plan was not changed</AlertTitle>
                <AlertDescription>
                  {apiErrorMessage(change.error, "The plan could not be changed. Try again.")}
                </AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button disabled={change.isPending} onClick={() => change.mutate(target.id, { onSuccess: onClose })}>
                {change.isPending ? "Changing plan..." : same ? `Choose ${target.name}` : `Confirm ${target.name}`}
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function PlansPage() {
  usePageTitle("Plans");
  const overview = usePlanOverview();
  const [target, setTarget] = useState<PlanId | null>(null);
  const canChange = useCan("plan.change");

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Plans</h1>
        <p className="text-muted-foreground">Your plan, how much of it you use, and the plans you can move to.</p>
      </div>
      {overview.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : overview.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The plan could not be loaded</AlertTitle>
          <AlertDescription>
            {apiErrorMessage(overview.error, "The plan could not be changed. Try again.")}
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <CurrentPlan overview={overview.data} />
          <p className="text-sm text-muted-foreground">
            {NO_BILLING_NOTE} {canChange ? "" : "Only the company's owner can change the plan."}
          </p>
          <PlanCatalog
            highlight={overview.data.planId}
            highlightLabel="Current plan"
            action={(plan) => {
              const label = actionLabel(plan, overview.data);
              if (!label) return <p className="text-center text-sm font-medium text-primary">Your current plan</p>;
              if (!canChange) return null;
              return (
                <Button
                  className="w-full"
                  variant={plan.id === overview.data.planId ? "default" : "outline"}
                  onClick={() => setTarget(plan.id)}
                >
                  {label}
                </Button>
              );
            }}
          />
          <ConfirmChange
            target={target ? PLANS[target] : null}
            overview={overview.data}
            onClose={() => setTarget(null)}
          />
        </>
      )}
    </div>
  );
}
