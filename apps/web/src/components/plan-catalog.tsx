import type { ReactNode } from "react";
import { Check } from "lucide-react";
import {
  PLAN_FEATURE_LABELS,
  PLANS,
  UNLIMITED,
  planIdSchema,
  type Plan,
  type PlanFeature,
  type PlanId,
} from "@fieldops/shared/plans";
import { Badge } from "./ui/badge";
import { cn } from "../lib/utils";

const PLAN_ORDER = planIdSchema.options;

/** Who each plan is for, in a line. */
export const PLAN_PITCH: Record<PlanId, string> = {
  starter: "For a new business getting its first crews organized.",
  growth: "For growing teams that invoice, take payments and connect their books.",
  pro: "For busy operations that optimize routes and run on automation.",
  suite: "For franchises and partners who put the product under their own brand.",
};

export function formatPrice(plan: Plan): string {
  return `$${plan.price}`;
}

function limitText(amount: number, unit = ""): string {
  return amount === UNLIMITED ? "Unlimited" : `${amount.toLocaleString("en-US")}${unit}`;
}

/** The limits of a plan, as the plan table lists them. */
export function planLimitRows(plan: Plan): { label: string; value: string }[] {
  return [
    { label: "Jobs per month", value: limitText(plan.limits.jobsPerMonth) },
    { label: "Team members", value: limitText(plan.limits.teamMembers) },
    { label: "Customers", value: limitText(plan.limits.customers) },
    { label: "Storage", value: limitText(plan.limits.storageGb, "GB") },
  ];
}

/** What a plan adds to the one below it; Starter lists its own. */
export function planFeatureLines(plan: Plan): { lead: string | null; features: PlanFeature[] } {
  const index = PLAN_ORDER.indexOf(plan.id);
  if (index === 0) return { lead: null, features: plan.features };
  const below = PLANS[PLAN_ORDER[index - 1]!];
  return {
    lead: `Everything in ${below.name}, plus`,
    features: plan.features.filter((feature) => !below.features.includes(feature)),
  };
}

function featureText(feature: PlanFeature, planId: PlanId): string {
  // Starter's one feature is all it has: the plan table says so.
  if (planId === "starter" && feature === "email_notifications") return "Email notifications only";
  return feature === "portal" ? "Customer portal" : PLAN_FEATURE_LABELS[feature];
}

/**
 * The four plans side by side (stacked on a phone): price, limits and features. `highlight` marks one plan (the
 * company's, or the one most choose); `action` renders each card's button.
 */
export function PlanCatalog({
  highlight,
  highlightLabel,
  action,
  className,
  headingLevel: Heading = "h3",
}: {
  /** The level of each plan's name under the page's headings. */
  headingLevel?: "h2" | "h3";
  highlight?: PlanId | null;
  highlightLabel?: string;
  action?: (plan: Plan) => ReactNode;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-4", className)} aria-label="Plans">
      {PLAN_ORDER.map((id) => {
        const plan = PLANS[id];
        const marked = highlight === id;
        const { lead, features } = planFeatureLines(plan);
        return (
          <li
            key={id}
            aria-labelledby={`plan-${id}-name`}
            aria-current={marked && highlightLabel === "Current plan" ? "true" : undefined}
            className={cn(
              "relative flex flex-col gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-sm",
              marked && "border-primary ring-2 ring-primary/40",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <Heading id={`plan-${id}-name`} className="text-lg font-semibold">
                {plan.name}
              </Heading>
              {marked && highlightLabel ? <Badge>{highlightLabel}</Badge> : null}
            </div>
            <p className="text-sm text-muted-foreground">{PLAN_PITCH[id]}</p>
            <p className="flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight">{formatPrice(plan)}</span>
              <span className="text-sm text-muted-foreground">/month {plan.currency}</span>
            </p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 rounded-lg bg-muted/50 p-3 text-sm">
              {planLimitRows(plan).map((row) => (
                <div key={row.label} className="grid">
                  <dt className="text-xs text-muted-foreground">{row.label}</dt>
                  <dd className="font-medium">{row.value}</dd>
                </div>
              ))}
            </dl>
            <div className="grid gap-2 text-sm">
              {lead ? <p className="font-medium">{lead}</p> : null}
              <ul className="grid gap-1.5">
                {features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {featureText(feature, id)}
                  </li>
                ))}
              </ul>
            </div>
            {action ? <div className="mt-auto pt-2">{action(plan)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
