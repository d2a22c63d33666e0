import { ROUTE_OPTIMIZATION_UPGRADE_MESSAGE } from "@fieldops/shared/dispatch";
import { planHasFeature } from "@fieldops/shared/plans";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useCompany } from "../../../lib/company";
import { useBestSlots } from "./optimize-queries";
import { formatClock, formatDriveTime } from "./route-plan-format";
import { apiErrorMessage } from "../../../lib/api-error";
import { useSignedInUser } from "../../../lib/session";

export interface BestSlotSuggestionsProps {
  visitId: string;
  /** YYYY-MM-DD in the company's time zone. */
  date: string;
  onPick: (crewId: string, start: string) => void;
}

function Suggestions({ visitId, date, onPick, timeZone }: BestSlotSuggestionsProps & { timeZone: string }) {
  const slots = useBestSlots(visitId, date);
  if (slots.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Finding the best slots…
      </p>
    );
  if (slots.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>No suggestions</AlertTitle>
        <AlertDescription>{apiErrorMessage(slots.error)}</AlertDescription>
      </Alert>
    );
  }
  const { items, distanceSource } = slots.data;
  if (items.length === 0)
    return <p className="text-sm text-muted-foreground">No crew has room for this visit on {date}.</p>;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-1" aria-label="Suggested slots">
        {items.map((slot) => (
          <li key={`${slot.crewId}-${slot.start}`} className="flex items-center justify-between gap-2 text-sm">
            <span>
              {slot.crewName}, {formatClock(slot.start, timeZone)}–{formatClock(slot.end, timeZone)} · adds{" "}
              {formatDriveTime(slot.addedDriveMinutes * 60)} of driving
            </span>
            <Button
              size="sm"
              variant="outline"
              onClick={() => onPick(slot.crewId, slot.start)}
              aria-label={`Book ${slot.crewName} at ${formatClock(slot.start, timeZone)}`}
            >
              Use
            </Button>
          </li>
        ))}
      </ul>
      {distanceSource === "straight_line" && (
        <p className="text-xs text-muted-foreground">Drive times are straight-line estimates.</p>
      )}
    </div>
  );
}

/** The cheapest crews and times for a visit on a day; picking one hands the crew and start to the caller. */
export function BestSlotSuggestions(props: BestSlotSuggestionsProps) {
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  if (company.isPending) return null;
  if (company.data && !planHasFeature(company.data.planId, "route_optimization")) {
    return <p className="text-sm text-muted-foreground">{ROUTE_OPTIMIZATION_UPGRADE_MESSAGE}</p>;
  }
  return <Suggestions {...props} timeZone={company.data?.timeZone ?? "UTC"} />;
}
