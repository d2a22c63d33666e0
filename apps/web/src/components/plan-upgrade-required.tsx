import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { PLAN_UPGRADE_DESCRIPTION, PLAN_UPGRADE_TITLE, PLANS, type PlanId } from "@fieldops/shared/plans";
import { ApiError } from "../lib/api";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";

/** What a plan refused: the server's sentence and the cheapest plan that allows it. */
export interface PlanRefusal {
  message: string;
  requiredPlan: PlanId;
}

/** The plan refusal in an API error (a 403 whose body names `requiredPlan`), or null for any other error. */
export function planRefusalOf(error: unknown): PlanRefusal | null {
  if (!(error instanceof ApiError) || !error.body?.requiredPlan) return null;
  return { message: error.body.message, requiredPlan: error.body.requiredPlan };
}

/**
 * Where a screen meets a feature or limit its company's plan does not include: 'Plan Upgrade Required', 'This
 * feature requires a plan upgrade', the specific reason (e.g. "Invoicing requires the Growth plan or higher.") and
 * the way to the plans page. Give it the server's refusal (`planRefusalOf(error)`) or the reason the screen knows.
 * `compact` is one line of small print, for a part of a screen (a button the plan does not allow, beside others).
 */
export function PlanUpgradeRequired({
  message,
  requiredPlan,
  compact = false,
  className,
}: {
  message?: string;
  requiredPlan?: PlanId;
  compact?: boolean;
  className?: string;
}) {
  const plansLink = requiredPlan ? `See the ${PLANS[requiredPlan].name} plan` : "See plans";
  if (compact) {
    return (
      <p role="note" aria-label={PLAN_UPGRADE_TITLE} className={cn("text-xs text-muted-foreground", className)}>
        <span className="font-medium">{PLAN_UPGRADE_TITLE}</span>: {PLAN_UPGRADE_DESCRIPTION}.
        {message ? ` ${message}` : ""}{" "}
        <Link to="/plans" className="underline underline-offset-2">
          {plansLink}
        </Link>
      </p>
    );
  }
  return (
    <div
      role="note"
      aria-label={PLAN_UPGRADE_TITLE}
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:flex-row sm:items-center",
        className,
      )}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Sparkles className="size-4" aria-hidden="true" />
      </span>
      <div className="grid flex-1 gap-0.5 text-sm">
        <p className="font-semibold">{PLAN_UPGRADE_TITLE}</p>
        <p className="text-muted-foreground">{PLAN_UPGRADE_DESCRIPTION}</p>
        {message ? <p>{message}</p> : null}
      </div>
      <Button asChild size="sm" variant="outline">
        <Link to="/plans">{plansLink}</Link>
      </Button>
    </div>
  );
}
