import { FREE_TRIAL_DAYS, type Plan } from "@fieldops/shared/plans";
import { Badge } from "../../components/ui/badge";

/** The plan chosen at the pricing step: '{Plan} Plan Selected' with a '7-Day Free Trial' badge. */
export function SelectedPlanBanner({ plan }: { plan: Plan }) {
  return (
    <div
      role="note"
      aria-label="Selected plan"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3"
    >
      <span className="text-sm font-semibold">{plan.name} Plan Selected</span>
      <Badge>{FREE_TRIAL_DAYS}-Day Free Trial</Badge>
    </div>
  );
}
