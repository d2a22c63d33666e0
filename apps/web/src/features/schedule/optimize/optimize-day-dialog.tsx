import { useState, type FormEvent } from "react";
import {
  DEFAULT_BUDGET_SECONDS,
  MAX_BUDGET_SECONDS,
  ROUTE_OPTIMIZATION_PLAN,
  ROUTE_OPTIMIZATION_UPGRADE_MESSAGE,
} from "@fieldops/shared/dispatch";
import { planHasFeature } from "@fieldops/shared/plans";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { useCompany } from "../../../lib/company";
import { useTerms } from "../../../lib/terms";
import { useApplyRoutePlan, useOptimizeDay, useRoutePlan } from "./optimize-queries";
import { isPlanWorking, PLAN_STATUS_TEXT } from "./route-plan-format";
import { RoutePlanProposal } from "./route-plan-proposal";
import { apiErrorMessage } from "../../../lib/api-error";
import { useSignedInUser } from "../../../lib/session";

export interface OptimizeDayDialogProps {
  /** The day to optimize, YYYY-MM-DD in the company's time zone. */
  date: string;
  crews: readonly { id: string; name: string }[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Re-plan the rest of today from the crews' current positions instead of optimizing the whole day. */
  replan?: boolean;
  /** A plan already asked for (the assistant's optimize-day run): its proposal shows at once, to compare and apply. */
  planId?: string;
}

const BUDGETS = [5, DEFAULT_BUDGET_SECONDS, 20, MAX_BUDGET_SECONDS]
  .filter((value, i, all) => all.indexOf(value) === i)
  .sort((a, b) => a - b);

function ApplyPart({ planId, timeZone }: { planId: string; timeZone: string }) {
  const terms = useTerms();
  const plan = useRoutePlan(planId);
  const apply = useApplyRoutePlan(planId);
  if (plan.isPending) return <p role="status">Loading the proposal…</p>;
  if (plan.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>The proposal could not be loaded</AlertTitle>
        <AlertDescription>{apiErrorMessage(plan.error)}</AlertDescription>
      </Alert>
    );
  }
  const { status } = plan.data;
  return (
    <div className="grid gap-4">
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {PLAN_STATUS_TEXT[status]}
      </p>
      {isPlanWorking(status) && <div className="h-2 w-full animate-pulse rounded bg-muted" aria-hidden="true" />}
      {status === "failed" && (
        <Alert variant="destructive">
          <AlertTitle>No proposal</AlertTitle>
          <AlertDescription>{plan.data.error}</AlertDescription>
        </Alert>
      )}
      {apply.isError && (
        <Alert variant="destructive">
          <AlertTitle>Not applied</AlertTitle>
          <AlertDescription>{apiErrorMessage(apply.error)}</AlertDescription>
        </Alert>
      )}
      <RoutePlanProposal
        plan={plan.data}
        timeZone={timeZone}
        terms={terms}
        applying={apply.isPending}
        onApply={(crewIds) => apply.mutate(crewIds ? { crewIds } : {})}
      />
    </div>
  );
}

/** Choose crews and a time budget, optimize the day in the background, then compare and apply the proposal. */
export function OptimizeDayDialog({
  date,
  crews,
  open,
  onOpenChange,
  replan = false,
  planId: givenPlanId,
}: OptimizeDayDialogProps) {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  // Crews left out; every crew given (even ones that arrive after opening) is in unless unticked.
  const [excluded, setExcluded] = useState<Set<string>>(() => new Set());
  const chosen = new Set(crews.filter((crew) => !excluded.has(crew.id)).map((crew) => crew.id));
  const [budget, setBudget] = useState(DEFAULT_BUDGET_SECONDS);
  const [planId, setPlanId] = useState<string | null>(givenPlanId ?? null);
  const optimize = useOptimizeDay();
  const allowed = company.data ? planHasFeature(company.data.planId, "route_optimization") : true;
  const timeZone = company.data?.timeZone ?? "UTC";

  function close(next: boolean) {
    if (!next) {
      setPlanId(null);
      optimize.reset();
    }
    onOpenChange(next);
  }

  function toggle(id: string) {
    setExcluded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function start(event: FormEvent) {
    event.preventDefault();
    const crewIds = crews.filter((crew) => chosen.has(crew.id)).map((crew) => crew.id);
    optimize.mutate(
      { date, budgetSeconds: budget, replan, ...(crewIds.length === crews.length ? {} : { crewIds }) },
      { onSuccess: (queued) => setPlanId(queued.planId) },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{replan ? "Re-plan the rest of today" : `Optimize routes for ${date}`}</DialogTitle>
          <DialogDescription>
            {replan
              ? "Plans the visits not yet started from where each crew is now. Nothing changes until you apply it."
              : "Plans the day's visits for the crews you choose. Nothing changes until you apply the proposal."}
          </DialogDescription>
        </DialogHeader>
        {!allowed ? (
          <Alert>
            <AlertTitle>Upgrade to {ROUTE_OPTIMIZATION_PLAN.name}</AlertTitle>
            <AlertDescription>{ROUTE_OPTIMIZATION_UPGRADE_MESSAGE}</AlertDescription>
          </Alert>
        ) : planId ? (
          <ApplyPart planId={planId} timeZone={timeZone} />
        ) : (
          <form className="grid gap-4" onSubmit={start}>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Crews</legend>
              {crews.length === 0 && <p className="text-sm text-muted-foreground">There are no crews to plan.</p>}
              {crews.map((crew) => (
                <label key={crew.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={chosen.has(crew.id)} onChange={() => toggle(crew.id)} />
                  {crew.name}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-1">
              <Label htmlFor="optimize-budget">Time to search</Label>
              <NativeSelect
                id="optimize-budget"
                value={budget}
                onChange={(event) => setBudget(Number(event.target.value))}
              >
                {BUDGETS.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {seconds} seconds
                  </option>
                ))}
              </NativeSelect>
            </div>
            {optimize.isError && (
              <Alert variant="destructive">
                <AlertTitle>Could not start</AlertTitle>
                <AlertDescription>{apiErrorMessage(optimize.error)}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={chosen.size === 0 || optimize.isPending}>
                {optimize.isPending ? "Starting…" : replan ? "Re-plan" : "Optimize"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
